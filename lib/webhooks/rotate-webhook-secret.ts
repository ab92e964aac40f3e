import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { encryptWebhookSecret, newWebhookSecret } from "./webhook-secret";

/** How long the previous secret keeps signing after a rotation (a second `v1,` signature). */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

/**
 * A new signing secret for an endpoint of the active account, answered once; the one it replaces
 * keeps signing beside it for 24 hours, so the receiver can switch without losing a message. One
 * statement: two rotations at once each keep the secret they replaced.
 */
export async function rotateWebhookSecret(options: {
  db: TenantDb;
  accountId: string;
  webhookId: string;
  now: Date;
}): Promise<string> {
  const secret = newWebhookSecret();
  const encrypted = encryptWebhookSecret(secret, env().WEBHOOK_SECRET_KEY);
  const expiresAt = new Date(options.now.getTime() + PREVIOUS_SECRET_MS);
  const count = await options.db.$executeRaw`
    UPDATE "Webhook"
    SET "previousSecretEncrypted" = "secretEncrypted", "secretEncrypted" = ${encrypted},
      "previousSecretExpiresAt" = ${expiresAt.toISOString()}::timestamp
    WHERE "id" = ${options.webhookId} AND "accountId" = ${options.accountId}`;
  if (count === 0) throw new AppError("not_found");
  return secret;
}
