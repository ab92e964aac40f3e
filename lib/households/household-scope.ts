import type { Prisma } from "@prisma/client";

// What a person acts on beyond their own (decision 0038): their dependants' bookings and passes,
// and the bookings of the guests they brought (paid with their credit).

/** The bookings a person sees and may cancel as their own: theirs, their dependants', their guests'. */
export function householdBookingsWhere(userId: string): Prisma.BookingWhereInput {
  return { OR: [{ attendeeId: userId }, { attendee: { guardianId: userId } }, { guestOfId: userId }] };
}

/** The orders a person sees as their own: theirs and those they paid for their dependants. */
export function householdOrdersWhere(userId: string): Prisma.OrderWhereInput {
  return { OR: [{ userId }, { user: { guardianId: userId } }] };
}

/** The entitlements a person sees as their own: theirs and their dependants'. */
export function householdEntitlementsWhere(userId: string): Prisma.EntitlementWhereInput {
  return { OR: [{ userId }, { user: { guardianId: userId } }] };
}
