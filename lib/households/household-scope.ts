import type { Prisma } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";

// What a person acts on beyond their own (decision 0038): their dependants' bookings and passes,
// and the bookings of the guests they brought (paid with their credit). A dependant or a guest
// without an account is a user whose guardian is the person.
//
// Two forms of one rule. Checking one row (a booking to cancel, a receipt to show), the person's id
// is enough: the row's own key finds it and the relation filters it. Listing a person's history, the
// household is read first (`readHousehold`): PostgreSQL cannot use an index for a relation filter
// inside an OR, and a studio's whole booking table would be scanned for each member's page.

/** A person and the people they stand for (their dependants and guests without an account). */
export type Household = { userId: string; memberIds: string[] };

/** The person's household: them, and every user whose guardian they are. */
export async function readHousehold(db: TenantDb | TenantTx, userId: string): Promise<Household> {
  const dependants = await db.user.findMany({ where: { guardianId: userId }, select: { id: true } });
  return { userId, memberIds: [userId, ...dependants.map((dependant) => dependant.id)] };
}

/** The bookings a person sees and may cancel as their own: theirs, their dependants', their guests'. */
export function householdBookingsWhere(who: string | Household): Prisma.BookingWhereInput {
  if (typeof who === "string")
    return { OR: [{ attendeeId: who }, { attendee: { guardianId: who } }, { guestOfId: who }] };
  return { OR: [{ attendeeId: { in: who.memberIds } }, { guestOfId: who.userId }] };
}

/** The orders a person sees as their own: theirs and those they paid for their dependants. */
export function householdOrdersWhere(who: string | Household): Prisma.OrderWhereInput {
  if (typeof who === "string") return { OR: [{ userId: who }, { user: { guardianId: who } }] };
  return { userId: { in: who.memberIds } };
}

/** The entitlements a person sees as their own: theirs and their dependants'. */
export function householdEntitlementsWhere(who: string | Household): Prisma.EntitlementWhereInput {
  if (typeof who === "string") return { OR: [{ userId: who }, { user: { guardianId: who } }] };
  return { userId: { in: who.memberIds } };
}
