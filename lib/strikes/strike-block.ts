import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";

/**
 * Until when the member may not book because of their strikes (issue 33 §4), or null: the database's
 * strike_block_until (prisma/sql/functions), the rule POST /bookings refuses with, read as of `now`.
 */
export async function strikeBlockUntil(
  db: TenantDb | TenantTx,
  { accountId, userId, now }: { accountId: string; userId: string; now: Date },
): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ until: Date | null }[]>`
    SELECT strike_block_until(${accountId}, ${userId}, ${now.toISOString()}::timestamp) AS "until"`;
  return row?.until ?? null;
}
