import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdBookingsWhere, type Household } from "@/lib/households/household-scope";
import { toPage, type Page } from "@/lib/schemas/page";

/** The sort key of a person's past bookings: the class's start, then the booking's id, both descending. */
export type PastBookingKey = readonly [Date, string];

/**
 * One page of the user's bookings of classes that started (`on: "endsAt"`: ended) before `before`,
 * newest class first (then by id), `limit` of them after `after`: a person's history of years is read
 * a page at a time, never whole. Each with its instance and event, whom it is for and the order behind
 * its pass (shown-booking-status.ts). `household`: the user's dependants' and guests' too (decision 0038).
 */
export async function listPastBookings({
  db,
  userId,
  before,
  limit,
  after,
  on = "startsAt",
  household,
}: {
  db: TenantDb;
  userId: string;
  before: Date;
  limit: number;
  after?: PastBookingKey;
  on?: "startsAt" | "endsAt";
  household?: Household;
}) {
  const rows = await db.booking.findMany({
    where: {
      AND: [
        household ? householdBookingsWhere(household) : { attendeeId: userId },
        { instance: { [on]: { lt: before } } },
        after
          ? {
              OR: [{ instance: { [on]: { lt: after[0] } } }, { instance: { [on]: after[0] }, id: { lt: after[1] } }],
            }
          : {},
      ],
    },
    include: {
      instance: { include: { event: true } },
      attendee: { select: { displayName: true } },
      entitlement: { select: { order: { select: { status: true, refundedAt: true } } } },
    },
    orderBy: [{ instance: { [on]: "desc" } }, { id: "desc" }],
    take: limit + 1,
  });
  return toPage(rows, limit, (booking): PastBookingKey => [booking.instance[on], booking.id]) as Page<
    (typeof rows)[number],
    PastBookingKey
  >;
}

/**
 * The user's attendance over every class past `before`, counted in the database: confirmed bookings
 * marked attended and marked no-show (attendance-rate.ts's rule, without reading the bookings).
 */
export async function countPastAttendance({ db, userId, before }: { db: TenantDb; userId: string; before: Date }) {
  const groups = await db.booking.groupBy({
    by: ["attendance"],
    where: {
      attendeeId: userId,
      status: "confirmed",
      attendance: { in: ["attended", "no_show"] },
      instance: { startsAt: { lt: before } },
    },
    _count: { _all: true },
  });
  const count = (mark: string) => groups.find((group) => group.attendance === mark)?._count._all ?? 0;
  const attended = count("attended");
  const noShow = count("no_show");
  return { attended, noShow, rate: attended + noShow === 0 ? null : attended / (attended + noShow) };
}

/** How many bookings of the user's are of classes that started before `before` (every status). */
export function countPastBookings({ db, userId, before }: { db: TenantDb; userId: string; before: Date }) {
  return db.booking.count({ where: { attendeeId: userId, instance: { startsAt: { lt: before } } } });
}
