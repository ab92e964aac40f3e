import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/** Revokes a key of the active account: the row goes, so its next request answers 401. */
export async function deleteApiKey(options: { db: TenantDb; apiKeyId: string }): Promise<void> {
  const { count } = await options.db.apiKey.deleteMany({ where: { id: options.apiKeyId } });
  if (count === 0) throw new AppError("not_found");
}
