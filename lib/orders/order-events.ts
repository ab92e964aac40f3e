import "server-only";
import type { Entitlement, GiftCard, Order, Price, Product, Refund } from "@prisma/client";
import { enqueueDineroVoucher } from "@/lib/accounting/enqueue-dinero-voucher";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { cancelEntitlementBookings } from "@/lib/bookings/cancel-entitlement-bookings";
import { fillWaitlistsOf } from "@/lib/bookings/promote-attendee-waitlists";
import { releaseSeatHolds } from "@/lib/commerce/course-seat-holds";
import { createEntitlement } from "@/lib/commerce/create-entitlement";
import { enrolInCourse } from "@/lib/commerce/enrol-course";
import { extendSubscription } from "@/lib/commerce/extend-subscription";
import { giveBackRedemption } from "@/lib/commerce/redeem-promo-code";
import type { TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { issueGiftCard, releaseGiftCardHold, type GiftCardFor } from "@/lib/gift-cards/gift-card-ledger";
import { enqueueCreditNoteEmail, enqueueReceiptEmail } from "@/lib/receipts/receipt-email-jobs";
import { serializeOrder } from "@/lib/schemas/order";
import { GIFT_CARD_VALIDITY_MONTHS } from "@/lib/schemas/product";
import { orderWireContext, withWithdrawal } from "./order-wire";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-delivery";

/**
 * What a payment pays for:
 * - a purchase: the entitlement `price` gives from the payment (with the provider's subscription or
 *   agreement that bills its later periods), a course's enrolment;
 * - a renewal: one more billing period of `entitlement` (none when it was cancelled meanwhile);
 * - a later instalment: nothing more, the first instalment bought it.
 */
export type Payment =
  | {
      for: "purchase";
      product: Product;
      price: Price;
      providerSubscriptionId?: string | null;
      /** The desk's note on what it granted. */
      note?: string | null;
    }
  | { for: "renewal"; entitlement: Entitlement | null; price: Pick<Price, "interval" | "intervalCount"> | null }
  | { for: "instalment" };

/**
 * An order just paid, in the transaction that made it so; `entitlement`: what the payment granted or
 * extended; `giftCard`: the card a gift card purchase issued, with its clear code (shown once).
 */
export type PaidOrder = {
  order: Order;
  at: Date;
  payment: Payment;
  entitlement: Entitlement | null;
  giftCard: IssuedGiftCard | null;
};
export type IssuedGiftCard = { card: GiftCard; code: string };
/** An order just refunded or failed, in the transaction that made it so. */
export type ChangedOrder = { order: Order; at: Date };
/**
 * A refund just recorded: the order after it, the refund (its credit note; null when a withdrawal
 * ended the order refunding nothing), and whether it ended the order (all that was left refunded,
 * or a withdrawal).
 */
export type RefundedOrder = ChangedOrder & { refund: Refund | null; full: boolean };

type Consequence<Event> = (tx: TenantTx, event: Event) => Promise<void>;

/**
 * What an order's new status brings, in the order it is done, all in the transaction that changed
 * the status (order-status.ts). The one list: a new consequence of a payment is added here, and
 * every way to pay (checkout, a hosted payment, a renewal, an instalment, MobilePay, the desk) has it.
 * A refund's consequences outside the database (the provider's billing stopped) follow its commit:
 * after-refund.ts.
 */
export const ORDER_EVENTS: {
  "order.paid": Consequence<PaidOrder>[];
  "order.refunded": Consequence<RefundedOrder>[];
  "order.failed": Consequence<ChangedOrder>[];
} = {
  "order.paid": [
    deliverWebhook("order.paid"),
    bookVoucher("sale"),
    emailReceipt,
    issueBoughtGiftCard,
    grantOrExtendEntitlement,
    enrolInPaidCourse,
    fillWaitlistsOfHolder,
  ],
  "order.refunded": [
    deliverWebhookWhenRefunded,
    bookRefundVoucher,
    emailCreditNote,
    takeClassesOffPass,
    revokeEntitlementsWhenRefunded,
  ],
  "order.failed": [releaseHeldSeats, giveBackPromoCode, giveBackGiftCardHold],
};

/** The event for the studio's subscribed webhook endpoints. */
function deliverWebhook(type: "order.paid"): Consequence<ChangedOrder> {
  return async (tx, { order, at }) => {
    const wire = await orderWireContext(tx, order.accountId, at);
    const data = serializeOrder(await withWithdrawal(tx, order), wire);
    await enqueueWebhookEvent(tx, { accountId: order.accountId, type, data, now: at });
  };
}

/**
 * `order.refunded` tells the order became `refunded` (a part refunded leaves it `paid`, its
 * `refundedAmount` grown), and why (`reason`: `withdrawal` for the buyer's withdrawal).
 */
async function deliverWebhookWhenRefunded(tx: TenantTx, { order, at, full }: RefundedOrder): Promise<void> {
  if (!full) return;
  const wire = await orderWireContext(tx, order.accountId, at);
  const data = { ...serializeOrder(await withWithdrawal(tx, order), wire), reason: order.refundReason };
  await enqueueWebhookEvent(tx, { accountId: order.accountId, type: "order.refunded", data, now: at });
}

/** The sale's voucher in the studio's Dinero, when connected (decision 0042). */
function bookVoucher(kind: "sale"): Consequence<ChangedOrder> {
  return (tx, { order }) => enqueueDineroVoucher(tx, order, kind);
}

/** Each refund's own credit voucher, of that refund's amount. */
async function bookRefundVoucher(tx: TenantTx, { order, refund }: RefundedOrder): Promise<void> {
  if (refund) await enqueueDineroVoucher(tx, order, "refund", refund);
}

/** The payer gets the refund's credit note by email. */
async function emailCreditNote(tx: TenantTx, { order, refund }: RefundedOrder): Promise<void> {
  if (!refund) return;
  await enqueueCreditNoteEmail(tx, {
    accountId: order.accountId,
    orderId: order.id,
    refundId: refund.id,
    userId: order.userId,
  });
}

/**
 * A part refunded keeps the pass, less the `classes` the refund takes off it (409 `Refund exceeds the
 * classes left` when it has fewer, or is no class pass); a pass left with none is exhausted.
 */
async function takeClassesOffPass(tx: TenantTx, { order, refund, full }: RefundedOrder): Promise<void> {
  if (full || !refund?.classes) return;
  const taken = await tx.entitlement.updateManyAndReturn({
    where: { orderId: order.id, status: { in: ["active", "exhausted"] }, remainingClasses: { gte: refund.classes } },
    data: { remainingClasses: { decrement: refund.classes } },
    select: { id: true, remainingClasses: true },
  });
  if (taken.length !== 1) throw new AppError("refund_exceeds_classes");
  if (taken[0]!.remainingClasses === 0) {
    await tx.entitlement.updateMany({ where: { id: taken[0]!.id }, data: { status: "exhausted" } });
  }
}

async function revokeEntitlementsWhenRefunded(tx: TenantTx, refunded: RefundedOrder): Promise<void> {
  if (refunded.full) await revokeEntitlements(tx, refunded);
}

async function emailReceipt(tx: TenantTx, { order }: PaidOrder): Promise<void> {
  await enqueueReceiptEmail(tx, { accountId: order.accountId, orderId: order.id, userId: order.userId });
}

/** A purchase of a gift card product is the card: issued now, for whom the order says (decision 0051). */
const isGiftCardPurchase = (payment: Payment) => payment.for === "purchase" && payment.product.type === "gift_card";

/**
 * A gift card purchase issues its card: the price's face amount, valid the product's `validityMonths`
 * from the payment in the studio's zone, for whom the order keeps (`giftCardFor`).
 */
async function issueBoughtGiftCard(tx: TenantTx, paid: PaidOrder): Promise<void> {
  const { order, at, payment } = paid;
  if (payment.for !== "purchase" || payment.product.type !== "gift_card") return;
  const account = await tx.account.findUniqueOrThrow({ where: { id: order.accountId }, select: { timezone: true } });
  paid.giftCard = await issueGiftCard(tx, {
    accountId: order.accountId,
    orderId: order.id,
    amount: payment.price.amount,
    currency: order.currency,
    validityMonths: payment.product.validityMonths ?? GIFT_CARD_VALIDITY_MONTHS.default,
    timezone: account.timezone,
    at,
    giftCardFor: order.giftCardFor as GiftCardFor,
  });
}

/** A gift card gives no entitlement: the card is what it bought. */
async function grantOrExtendEntitlement(tx: TenantTx, paid: PaidOrder): Promise<void> {
  const { order, at, payment } = paid;
  if (isGiftCardPurchase(payment)) return;
  if (payment.for === "purchase") {
    paid.entitlement = await createEntitlement(tx, {
      order,
      product: payment.product,
      price: payment.price,
      validFrom: at,
      note: payment.note,
      providerSubscriptionId: payment.providerSubscriptionId ?? null,
    });
  } else if (payment.for === "renewal" && payment.entitlement && payment.price) {
    await extendSubscription(tx, { entitlement: payment.entitlement, price: payment.price, now: at });
    paid.entitlement = payment.entitlement;
  }
}

/** A course product's buyer is booked into its classes (the seats held while they paid become theirs). */
async function enrolInPaidCourse(tx: TenantTx, paid: PaidOrder): Promise<void> {
  if (paid.payment.for !== "purchase" || !paid.entitlement) return;
  paid.entitlement = await enrolInCourse(tx, {
    accountId: paid.order.accountId,
    orderId: paid.order.id,
    product: paid.payment.product,
    entitlement: paid.entitlement,
    now: paid.at,
  });
}

/** A new or longer pass gives its holder the places of the waitlists they stand on (queue order kept). */
async function fillWaitlistsOfHolder(tx: TenantTx, { order, at, payment }: PaidOrder): Promise<void> {
  if (payment.for === "instalment" || isGiftCardPurchase(payment)) return;
  await fillWaitlistsOf({ tx, accountId: order.accountId, userId: order.userId, now: at });
}

/**
 * The order's entitlements are revoked, and their future confirmed bookings cancelled by the studio,
 * with emails; a booking already attended (checked in) stays, as the past ones do.
 */
async function revokeEntitlements(tx: TenantTx, { order, at }: ChangedOrder): Promise<void> {
  const entitlements = await tx.entitlement.updateManyAndReturn({
    where: { orderId: order.id, status: { not: "revoked" } },
    data: { status: "revoked" },
    select: { id: true },
  });
  for (const { id } of entitlements.sort((a, b) => a.id.localeCompare(b.id))) {
    const notices = await cancelEntitlementBookings({ tx, accountId: order.accountId, entitlementId: id, now: at });
    await enqueueBookingEmails(tx, order.accountId, notices);
  }
}

/** The seats held for the order in a course's classes are given back; their places go to the waitlists. */
async function releaseHeldSeats(tx: TenantTx, { order, at }: ChangedOrder): Promise<void> {
  await releaseSeatHolds(tx, { accountId: order.accountId, orderId: order.id, now: at });
}

/** The promo code's redemption the order took is given back (after the classes: the order a checkout locks them in). */
async function giveBackPromoCode(tx: TenantTx, { order }: ChangedOrder): Promise<void> {
  if (order.promoCodeId) await giveBackRedemption(tx, { accountId: order.accountId, promoCodeId: order.promoCodeId });
}

/** What the order's gift card held is given back to its balance, as if never taken (gift-card-ledger.ts). */
async function giveBackGiftCardHold(tx: TenantTx, { order }: ChangedOrder): Promise<void> {
  await releaseGiftCardHold(tx, order);
}
