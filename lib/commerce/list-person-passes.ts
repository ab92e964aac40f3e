import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdEntitlementsWhere, type Household } from "@/lib/households/household-scope";
import { createdBefore, newestFirst, toPage, type CreatedKey } from "@/lib/schemas/page";

/** The sort key of a person's ended passes: created, then id, both descending. */
export type PassKey = CreatedKey;

/**
 * A pass still usable or to come at `now` (running, paused or starting later): `active`, classes left
 * (or unlimited), not past its end. Exactly the passes serializeEntitlement shows as `active`.
 */
function currentWhere(now: Date): Prisma.EntitlementWhereInput {
  return {
    status: "active",
    AND: [
      { OR: [{ remainingClasses: null }, { remainingClasses: { gt: 0 } }] },
      { OR: [{ validUntil: null }, { validUntil: { gt: now } }] },
    ],
  };
}

/** Every other pass at `now`: used up, expired, refunded or revoked. */
function endedWhere(now: Date): Prisma.EntitlementWhereInput {
  return { OR: [{ status: { not: "active" } }, { remainingClasses: { lte: 0 } }, { validUntil: { lte: now } }] };
}

/**
 * A person's passes still usable or to come at `now`, newest first, all of them (few: what they can book
 * with); `household`: their dependants' too (decision 0038).
 */
export async function listCurrentPasses({
  db,
  userId,
  now,
  household,
}: {
  db: TenantDb;
  userId: string;
  now: Date;
  household?: Household;
}) {
  return db.entitlement.findMany({
    where: { AND: [household ? householdEntitlementsWhere(household) : { userId }, currentWhere(now)] },
    orderBy: newestFirst(),
  });
}

/**
 * One page of a person's ended passes at `now` (used up, expired, refunded, revoked), newest first,
 * `limit` of them after `after`: a member of years holds many, read a page at a time.
 */
export async function listEndedPassesPage({
  db,
  userId,
  now,
  limit,
  after,
  household,
}: {
  db: TenantDb;
  userId: string;
  now: Date;
  limit: number;
  after?: PassKey;
  household?: Household;
}) {
  const rows = await db.entitlement.findMany({
    where: {
      AND: [household ? householdEntitlementsWhere(household) : { userId }, endedWhere(now), createdBefore(after)],
    },
    orderBy: newestFirst(),
    take: limit + 1,
  });
  return toPage(rows, limit, (entitlement): PassKey => [entitlement.createdAt, entitlement.id]);
}
