import "server-only";
import type { ApiKey } from "@prisma/client";
import { hashToken } from "@/lib/auth/tokens";
import type { TenantDb } from "@/lib/db/tenant-db";
import { newApiKeySecret, SHOWN_PREFIX_LENGTH } from "./api-key-secret";

/**
 * A new API key of the active account, and its secret: the only time the secret exists outside
 * the caller's hands. Only its sha256 is stored.
 */
export async function createApiKey(options: {
  db: TenantDb;
  accountId: string;
  name: string;
}): Promise<{ apiKey: ApiKey; secret: string }> {
  const secret = newApiKeySecret();
  const apiKey = await options.db.apiKey.create({
    data: {
      accountId: options.accountId,
      name: options.name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      tokenHash: hashToken(secret),
    },
  });
  return { apiKey, secret };
}
