import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sealMobilepayWebhookSecret } from "./credentials";
import { mobilepayRequest, type SalesUnit } from "./client";

/** The Recurring events the studio's webhook receives (Webhooks API event types). */
export const MOBILEPAY_EVENTS = [
  "recurring.agreement-activated.v1",
  "recurring.agreement-rejected.v1",
  "recurring.agreement-stopped.v1",
  "recurring.agreement-expired.v1",
  "recurring.charge-reserved.v1",
  "recurring.charge-captured.v1",
  "recurring.charge-canceled.v1",
  "recurring.charge-failed.v1",
] as const;

/** Where Vipps MobilePay delivers a studio's events: one endpoint per studio. */
export const mobilepayWebhookUrl = (accountId: string) =>
  `${env().APP_URL}/api/payments/mobilepay/webhook/${accountId}`;

/** Registers the studio's webhook; its id, and its signing secret sealed. */
export async function registerMobilepayWebhook(
  unit: SalesUnit,
  accountId: string,
): Promise<{ mobilepayWebhookId: string; mobilepayWebhookSecret: string }> {
  const { id, secret } = await mobilepayRequest<{ id: string; secret: string }>(unit, "POST", "/webhooks/v1/webhooks", {
    body: { url: mobilepayWebhookUrl(accountId), events: MOBILEPAY_EVENTS },
  });
  return {
    mobilepayWebhookId: id,
    mobilepayWebhookSecret: sealMobilepayWebhookSecret(secret, env().WEBHOOK_SECRET_KEY),
  };
}

/** Removes a webhook registered before; a failure is logged, not raised (the keys may be gone). */
export async function unregisterMobilepayWebhook(unit: SalesUnit, webhookId: string): Promise<void> {
  try {
    await mobilepayRequest(unit, "DELETE", `/webhooks/v1/webhooks/${encodeURIComponent(webhookId)}`);
  } catch (error) {
    log.warn("could not remove a Vipps MobilePay webhook", {
      errorName: error instanceof Error ? error.name : "unknown",
    });
  }
}
