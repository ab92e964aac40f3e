import "server-only";
import type { Order } from "@prisma/client";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { cancelEntitlementBookings } from "@/lib/bookings/cancel-entitlement-bookings";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueOrderEvent } from "@/lib/webhooks/enqueue-order-event";

/**
 * The database side of a refund, in the caller's transaction, shared by POST
 * /orders/{orderId}/refunds and Stripe's `charge.refunded`: a `paid` order becomes `refunded` by one
 * conditional UPDATE (so a refund applies at most once however often it is asked), its entitlements
 * become `revoked`, and their future confirmed bookings `cancelled_by_studio` with their emails in
 * the outbox (the caller wakes the sender after commit), and an `order.refunded` webhook event. Null
 * when the order was not `paid`.
 */
export async function applyRefund(
  tx: TenantTx,
  { accountId, orderId, reason, now }: { accountId: string; orderId: string; reason: string | null; now: Date },
): Promise<Order | null> {
  const [order] = await tx.order.updateManyAndReturn({
    where: { id: orderId, status: "paid" },
    data: { status: "refunded", refundedAt: now, refundReason: reason },
  });
  if (!order) return null;
  await enqueueOrderEvent(tx, "order.refunded", order, now);
  const entitlements = await tx.entitlement.updateManyAndReturn({
    where: { orderId, status: { not: "revoked" } },
    data: { status: "revoked" },
    select: { id: true },
  });
  for (const { id } of entitlements.sort((a, b) => a.id.localeCompare(b.id))) {
    const notices = await cancelEntitlementBookings({ tx, accountId, entitlementId: id, now });
    await enqueueBookingEmails(tx, accountId, notices);
  }
  return order;
}
