import "server-only";
import { Prisma } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * Takes a credit from one entitlement (the database function take_credit: a conditional UPDATE, so
 * two transactions racing for a pass's last credit cannot both succeed). A row with the id when a
 * credit was taken, none otherwise.
 */
export function takeCreditSql(accountId: string, entitlementId: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM take_credit(${accountId}, ${entitlementId}) AS "id"`;
}

/**
 * Takes one credit for `instance` from the attendee's best usable entitlement, `preferred` first
 * (the one a client named when joining the waitlist): the database function take_best_credit, the
 * same rule and order as a booking's. The entitlement's id, or undefined when none has a credit.
 */
export async function takeBestCredit(options: {
  tx: TenantTx;
  accountId: string;
  attendeeId: string;
  instance: { eventId: string; startsAt: Date };
  preferred?: string | null;
}): Promise<string | undefined> {
  const { tx, accountId, attendeeId, instance, preferred } = options;
  const [row] = await tx.$queryRaw<{ id: string | null }[]>`
    SELECT take_best_credit(${accountId}, ${attendeeId}, ${instance.eventId}, ${instance.startsAt.toISOString()}::timestamp,
                            NULL, ${preferred ?? null}) AS "id"`;
  return row?.id ?? undefined;
}

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
