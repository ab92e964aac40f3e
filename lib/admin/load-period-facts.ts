import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The raw rows behind the summary figures of a period [from, to) (see get-summary.ts). */
export type PeriodFacts = {
  bookings: {
    status: string;
    attendance: string | null;
    attendeeId: string;
    startsAt: Date;
    instanceCancelled: boolean;
  }[];
  instances: { startsAt: Date; capacity: number }[];
  orders: { amount: number; currency: string; paidAt: Date; vatRateBasisPoints: number | null; vatAmount: number | null }[];
};

/**
 * Bookings of the instances starting in [from, to), the instances that take place (not cancelled)
 * starting in it, and the paid orders whose `paidAt` lies in it — all of the viewer's account only,
 * since `db` is tenant-scoped.
 */
export async function loadPeriodFacts({ db, from, to }: { db: TenantDb; from: Date; to: Date }): Promise<PeriodFacts> {
  const [bookings, instances, orders] = await Promise.all([
    db.booking.findMany({
      where: { instance: { startsAt: { gte: from, lt: to } } },
      select: {
        status: true,
        attendance: true,
        attendeeId: true,
        instance: { select: { startsAt: true, status: true } },
      },
    }),
    db.instance.findMany({
      where: { startsAt: { gte: from, lt: to }, status: { not: "cancelled" } },
      select: { startsAt: true, capacity: true },
    }),
    db.order.findMany({
      where: { status: "paid", paidAt: { gte: from, lt: to } },
      select: { amount: true, currency: true, paidAt: true, vatRateBasisPoints: true, vatAmount: true },
    }),
  ]);
  return {
    bookings: bookings.map((b) => ({
      status: b.status,
      attendance: b.attendance,
      attendeeId: b.attendeeId,
      startsAt: b.instance.startsAt,
      instanceCancelled: b.instance.status === "cancelled",
    })),
    instances,
    orders: orders.map((o) => ({
      amount: o.amount,
      currency: o.currency,
      paidAt: o.paidAt!,
      vatRateBasisPoints: o.vatRateBasisPoints,
      vatAmount: o.vatAmount,
    })),
  };
}
