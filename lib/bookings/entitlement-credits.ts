import "server-only";
import { Prisma } from "@prisma/client";
import type { BookingTx } from "./booking-tx";

/**
 * The SELECT of the attendee's entitlements usable for an instance, best first: status `active`,
 * `validFrom ≤ start < validUntil` (no end when null), a credit left (null = unlimited), and a product
 * whose `eligibleEventIds` is empty or holds the instance's event. Order: `preferred` first (the one
 * a client named when joining the waitlist), then the one that expires first (no end last), then the
 * oldest. With `only` just that entitlement is considered. `startsAt` and `eventId` are SQL: a value
 * or a column of an enclosing query (evaluate-booking.ts embeds this as a subquery).
 */
export function usableEntitlementsSql(target: {
  accountId: string;
  attendeeId: string;
  startsAt: Prisma.Sql;
  eventId: Prisma.Sql;
  only?: string;
  preferred?: string | null;
}): Prisma.Sql {
  return Prisma.sql`
    SELECT e."id"
    FROM "Entitlement" e
    JOIN "Product" p ON p."id" = e."productId" AND p."accountId" = e."accountId"
    WHERE e."accountId" = ${target.accountId}
      AND e."userId" = ${target.attendeeId}
      AND e."status" = 'active'
      AND e."validFrom" <= ${target.startsAt}
      AND (e."validUntil" IS NULL OR e."validUntil" > ${target.startsAt})
      AND (e."remainingClasses" IS NULL OR e."remainingClasses" > 0)
      AND (cardinality(p."eligibleEventIds") = 0 OR ${target.eventId} = ANY(p."eligibleEventIds"))
      ${target.only === undefined ? Prisma.empty : Prisma.sql`AND e."id" = ${target.only}`}
    ORDER BY (e."id" = ${target.preferred ?? ""}) DESC, e."validUntil" ASC NULLS LAST, e."createdAt" ASC, e."id" ASC`;
}

/**
 * The one way a credit is taken: a conditional UPDATE of one entitlement. PostgreSQL locks the row
 * and evaluates the condition again on its newest version, so two transactions racing for a pass's
 * last credit cannot both succeed and the count never goes below zero. The pass whose last credit is
 * taken becomes `exhausted`; an unlimited one (null) is locked and checked the same way. Returns the
 * id when a credit was taken, no row otherwise.
 */
export function takeCreditSql(entitlementId: string, accountId: string): Prisma.Sql {
  return Prisma.sql`
    UPDATE "Entitlement"
    SET "remainingClasses" = "remainingClasses" - 1,
        "status" = CASE WHEN "remainingClasses" = 1 THEN 'exhausted' ELSE "status" END
    WHERE "id" = ${entitlementId} AND "accountId" = ${accountId} AND "status" = 'active'
      AND ("remainingClasses" IS NULL OR "remainingClasses" > 0)
    RETURNING "id"`;
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
    usableEntitlementsSql({
      accountId,
      attendeeId,
      startsAt: Prisma.sql`${instance.startsAt}`,
      eventId: Prisma.sql`${instance.eventId}`,
      preferred,
    }),
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
