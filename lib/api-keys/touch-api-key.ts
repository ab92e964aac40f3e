import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** lastUsedAt is written at most this often per key. */
export const LAST_USED_RESOLUTION_MS = 60 * 1000;

/**
 * Records that a key was used at `now`: one conditional UPDATE that writes only when lastUsedAt is
 * unset or a minute old, so a busy key costs no write per request.
 */
export async function touchApiKey(options: { db: TenantDb; apiKeyId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await options.db.apiKey.updateMany({
    where: { id: options.apiKeyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: stale } }] },
    data: { lastUsedAt: now },
  });
}
