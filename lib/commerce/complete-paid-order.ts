import "server-only";
import type { Order } from "@prisma/client";
import { fillWaitlistsOf } from "@/lib/bookings/promote-attendee-waitlists";
import type { TenantTx } from "@/lib/db/tenant-db";
import { issueReceipt } from "@/lib/receipts/issue-receipts";
import { enqueueReceiptEmail } from "@/lib/receipts/receipt-email-jobs";
import { enqueueOrderEvent } from "@/lib/webhooks/enqueue-order-event";
import { createEntitlement } from "./create-entitlement";
import { enrolPaidCourse } from "./enrol-course";

/**
 * What follows a hosted payment of a pending order, in the transaction that just made it `paid`
 * (Stripe's Checkout Session, a Vipps MobilePay agreement's initial charge): its receipt number, the
 * `order.paid` webhook event, the entitlement (with the provider's subscription or agreement that
 * bills its later periods), a course's enrolment, the receipt email and the waitlists its holder
 * stands on. The caller wakes the email sender.
 */
export async function completePaidOrder(
  tx: TenantTx,
  order: Order,
  { now, providerSubscriptionId }: { now: Date; providerSubscriptionId: string | null },
): Promise<void> {
  const paid = await tx.order.update({ where: { id: order.id }, data: await issueReceipt(tx, order) });
  await enqueueOrderEvent(tx, "order.paid", paid, now);
  const [product, price] = await Promise.all([
    tx.product.findFirstOrThrow({ where: { id: order.productId } }),
    tx.price.findFirstOrThrow({ where: { id: order.priceId } }),
  ]);
  const entitlement = await createEntitlement(tx, { order, product, price, validFrom: now, providerSubscriptionId });
  await enrolPaidCourse(tx, { accountId: order.accountId, orderId: order.id, product, entitlement, now });
  await enqueueReceiptEmail(tx, { accountId: order.accountId, orderId: order.id, userId: order.userId });
  await fillWaitlistsOf({ tx, accountId: order.accountId, userId: order.userId, now });
}
