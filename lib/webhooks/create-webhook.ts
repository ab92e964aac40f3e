import "server-only";
import type { Webhook } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import type { WebhookEventType } from "./webhook-events";
import { encryptWebhookSecret, newWebhookSecret } from "./webhook-secret";
import { assertDeliverableUrl } from "./webhook-url";

/** A new endpoint of the active account and its signing secret: the only time the secret is shown. */
export async function createWebhook(options: {
  db: TenantDb;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  description?: string;
}): Promise<{ webhook: Webhook; secret: string }> {
  const settings = env();
  await assertDeliverableUrl(options.url, settings.WEBHOOK_ALLOW_PRIVATE_URLS);
  const secret = newWebhookSecret();
  const webhook = await options.db.webhook.create({
    data: {
      accountId: options.accountId,
      url: options.url,
      events: options.events,
      description: options.description || null,
      secretEncrypted: encryptWebhookSecret(secret, settings.WEBHOOK_SECRET_KEY),
    },
  });
  return { webhook, secret };
}
