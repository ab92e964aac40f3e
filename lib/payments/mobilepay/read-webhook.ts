import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { unsealMobilepayWebhookSecret } from "./credentials";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/http/parse-input";
import { mobilepayWebhookUrl } from "./studio-webhook";
import { verifyWebhook } from "./webhook-signature";

export type MobilepayEvent = { eventType: string; agreementId?: string; chargeId?: string; msn?: string };

/**
 * A delivery to a studio's webhook: the raw body checked against the signing secret its Webhooks API
 * registration answered (webhook-signature.ts). Unknown studio, none registered, a bad signature, or
 * one signed (`x-ms-date`) more than 5 minutes before or after `now`: 400 `Invalid signature`.
 */
export async function readMobilepayWebhook(
  request: Request,
  accountId: string,
  now: Date = new Date(),
): Promise<MobilepayEvent> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  const body = new TextDecoder().decode(bytes);
  const row = await tenantDb(accountId).accountPayments.findFirst({ select: { mobilepayWebhookSecret: true } });
  if (!row?.mobilepayWebhookSecret) throw new AppError("invalid_signature");
  const secret = unsealMobilepayWebhookSecret(row.mobilepayWebhookSecret, env().WEBHOOK_SECRET_KEY);
  if (!verifyWebhook({ body, url: mobilepayWebhookUrl(accountId), headers: request.headers, now }, secret)) {
    throw new AppError("invalid_signature");
  }
  return JSON.parse(body) as MobilepayEvent;
}
