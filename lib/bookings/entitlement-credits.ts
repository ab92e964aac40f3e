import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * Gives credits back: one per listed entitlement id (an id may repeat). Unlimited entitlements have
 * nothing to give back; an `exhausted` pass becomes `active` again. Rows are updated in id order so
 * that two transactions returning credits to the same entitlements cannot deadlock.
 */
export async function returnCredits({
  tx,
  accountId,
  entitlementIds,
}: {
  tx: TenantTx;
  accountId: string;
  entitlementIds: (string | null)[];
}): Promise<void> {
  const counts = new Map<string, number>();
  for (const id of entitlementIds) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const id of [...counts.keys()].sort()) {
    await tx.$executeRaw`
      UPDATE "Entitlement"
      SET "remainingClasses" = "remainingClasses" + ${counts.get(id)!},
          "status" = CASE WHEN "status" = 'exhausted' THEN 'active' ELSE "status" END
      WHERE "id" = ${id} AND "accountId" = ${accountId} AND "remainingClasses" IS NOT NULL`;
  }
}
