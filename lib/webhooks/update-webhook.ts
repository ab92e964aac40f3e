import "server-only";
import type { WebhookStatus } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { WebhookEventType } from "./webhook-events";
import { getWebhookOrThrow } from "./list-webhooks";
import { assertDeliverableUrl } from "./webhook-url";

export type WebhookChanges = {
  url?: string;
  events?: WebhookEventType[];
  description?: string | null;
  status?: WebhookStatus;
};

/** Changes an endpoint of the active account (404 for another's); enabling restarts its failure count. */
export async function updateWebhook(options: { db: TenantDb; webhookId: string; changes: WebhookChanges }) {
  const { url, events, description, status } = options.changes;
  if (url !== undefined) await assertDeliverableUrl(url, env().WEBHOOK_ALLOW_PRIVATE_URLS);
  const { count } = await options.db.webhook.updateMany({
    where: { id: options.webhookId },
    data: {
      url,
      events,
      description: description === undefined ? undefined : description || null,
      status,
      ...(status === "enabled" ? { failingSince: null } : {}),
    },
  });
  if (count === 0) throw new AppError("not_found");
  return getWebhookOrThrow(options);
}

/** Deletes an endpoint of the active account and its deliveries (cascade). */
export async function deleteWebhook(options: { db: TenantDb; webhookId: string }): Promise<void> {
  const { count } = await options.db.webhook.deleteMany({ where: { id: options.webhookId } });
  if (count === 0) throw new AppError("not_found");
}
