import type { Prisma } from "@prisma/client";

/**
 * usable_entitlements' conditions (prisma/sql/functions/usable_entitlements.sql) but the pause, as a
 * Prisma filter on a tenant's entitlements: the person's active entitlements valid at `startsAt`
 * (`validFrom ≤ start < validUntil`), with a credit left, whose product covers the event. With
 * isPausedAt it explains a refusal ("paused until …") where the SQL only refuses;
 * covering-entitlements.test.ts holds the two to the same answer (decision 0004's owner table).
 */
export function coveringEntitlementsWhere(options: {
  userId: string;
  eventId: string;
  startsAt: Date;
}): Prisma.EntitlementWhereInput {
  const { userId, eventId, startsAt } = options;
  return {
    userId,
    status: "active",
    validFrom: { lte: startsAt },
    AND: [
      { OR: [{ validUntil: null }, { validUntil: { gt: startsAt } }] },
      { OR: [{ remainingClasses: null }, { remainingClasses: { gt: 0 } }] },
      {
        OR: [{ product: { eligibleEventIds: { isEmpty: true } } }, { product: { eligibleEventIds: { has: eventId } } }],
      },
    ],
  };
}
