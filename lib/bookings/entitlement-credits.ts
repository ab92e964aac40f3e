import "server-only";
import { Prisma } from "@prisma/client";
import type { BookingTx } from "./booking-tx";

/**
 * The SELECT of the attendee's entitlements usable for an instance, best first: the database
 * function usable_entitlements (prisma/migrations/…_booking_functions) holds the rule and the order,
 * for this and for book_instance alike. `preferred` comes first (the one a client named when joining
 * the waitlist).
 */
export function usableEntitlementsSql(target: {
  accountId: string;
  attendeeId: string;
  startsAt: Date;
  eventId: string;
  preferred?: string | null;
}): Prisma.Sql {
  const { accountId, attendeeId, eventId, startsAt, preferred } = target;
  return Prisma.sql`
    SELECT "id" FROM usable_entitlements(${accountId}, ${attendeeId}, ${eventId}, ${startsAt.toISOString()}::timestamp, NULL, ${preferred ?? null}) AS "id"`;
}

/**
 * Takes a credit from one entitlement (the database function take_credit: a conditional UPDATE, so
 * two transactions racing for a pass's last credit cannot both succeed). A row with the id when a
 * credit was taken, none otherwise.
 */
export function takeCreditSql(entitlementId: string, accountId: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM take_credit(${entitlementId}, ${accountId}) AS "id"`;
}

/** The usable entitlements of `attendeeId` for the instance, best first (see usableEntitlementsSql). */
export async function findUsableEntitlements(options: {
  tx: BookingTx;
  accountId: string;
  attendeeId: string;
  instance: { eventId: string; startsAt: Date };
  preferred?: string | null;
}): Promise<string[]> {
  const { tx, accountId, attendeeId, instance, preferred } = options;
  const rows = await tx.$queryRaw<{ id: string }[]>(
    usableEntitlementsSql({ accountId, attendeeId, startsAt: instance.startsAt, eventId: instance.eventId, preferred }),
  );
  return rows.map((row) => row.id);
}

/** Takes one credit from the first of `candidates` that still has one; the id used, or undefined. */
export async function takeCredit({
  tx,
  accountId,
  candidates,
}: {
  tx: BookingTx;
  accountId: string;
  candidates: string[];
}) {
  for (const id of candidates) {
    const taken = await tx.$queryRaw<{ id: string }[]>(takeCreditSql(id, accountId));
    if (taken.length > 0) return id;
  }
  return undefined;
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
  tx: BookingTx;
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
