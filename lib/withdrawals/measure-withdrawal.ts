import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { daysUsed, type WithdrawalUse } from "./withdrawal-use";

/**
 * What a withdrawn order's pass or membership was used for by `now` (FAL §22; decision 0049).
 * Nothing is charged unless the buyer expressly asked to start at once (`startNowRequestedAt`). A
 * class pass counts its classes used: bookings on it whose class has started (attended or not),
 * plus its late cancellations and no-shows; future bookings are not counted (the withdrawal cancels
 * them). A pass without classes (unlimited) or a membership counts the studio days begun.
 */
export async function measureWithdrawalUse(
  db: TenantDb,
  order: Pick<Order, "id" | "startNowRequestedAt">,
  { now, timezone }: { now: Date; timezone: string },
): Promise<WithdrawalUse> {
  if (!order.startNowRequestedAt) return { kind: "notStartedNow" };
  const entitlement = await db.entitlement.findFirst({
    where: { orderId: order.id },
    orderBy: { createdAt: "asc" },
    include: { product: { select: { type: true, classAllowance: true } } },
  });
  if (!entitlement) return { kind: "classes", used: 0, classes: 1 };
  const classes = entitlement.product.type === "subscription" ? null : entitlement.product.classAllowance;
  if (classes === null || entitlement.remainingClasses === null) {
    if (!entitlement.validUntil) return { kind: "noPeriod" };
    const days = daysUsed({ from: entitlement.validFrom, until: entitlement.validUntil, now, timezone });
    return { kind: "days", ...days };
  }
  const used = await db.booking.count({
    where: {
      entitlementId: entitlement.id,
      OR: [
        { status: "confirmed", instance: { startsAt: { lte: now } } },
        { status: "late_cancelled" },
        { attendance: "no_show" },
      ],
    },
  });
  return { kind: "classes", used: Math.min(used, classes), classes };
}
