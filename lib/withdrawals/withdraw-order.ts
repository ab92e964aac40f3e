import "server-only";
import type { Order, Withdrawal } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { isUniqueViolation } from "@/lib/db/errors";
import { TRANSACTION_OPTIONS } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { assertGiftCardOrderRefundable } from "@/lib/gift-cards/gift-card-order-refunds";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { measureWithdrawalUse } from "./measure-withdrawal";
import { refundWithdrawal } from "./refund-withdrawal";
import { orderWithdrawal } from "./withdrawal-right";
import { basisOf, usedAmountOf } from "./withdrawal-use";

/** Who withdraws which order: a signed-in member names it, anyone else proves it with the receipt. */
export type WithdrawalAsked =
  | { by: "member"; userId: string; orderId: string }
  | { by: "buyer"; name: string; email: string; receiptNumber: number };

export type WithdrawalPreview = {
  order: Order;
  usedAmount: number;
  refundAmount: number;
  currency: string;
  basis: string;
  until: Date;
};

type Options = { now: Date; locale: Locale };

/** What a withdrawal would refund, with the same checks (404/409s) as withdrawOrder; nothing written. */
export async function previewWithdrawal(
  db: TenantDb,
  asked: WithdrawalAsked,
  options: Options,
): Promise<WithdrawalPreview> {
  const { order, buyer } = await findAskedOrder(db, asked);
  return previewOf(db, order, { now: options.now, locale: buyer.locale ?? options.locale });
}

/**
 * The buyer withdraws from an online purchase (FAL §18–22, decision 0049): the Withdrawal is
 * received (its own transaction: the unique orderId lets one of two at once through, the other 409
 * `Purchase already withdrawn`) with its acknowledgment email, then the refund is made through the
 * order's provider and the order ends (refund-withdrawal.ts). A provider out of reach leaves it
 * `refund_pending` for the jobs to retry. 404 for an order that is not the asker's (the same answer
 * for a foreign order and an email that does not match), 409 when it has no right or its period ended.
 */
export async function withdrawOrder(db: TenantDb, asked: WithdrawalAsked, options: Options): Promise<Withdrawal> {
  const { order, buyer } = await findAskedOrder(db, asked);
  const locale = buyer.locale ?? options.locale;
  const preview = await previewOf(db, order, { now: options.now, locale });
  const withdrawal = await receiveWithdrawal(db, preview, { ...buyer, locale, receivedAt: options.now });
  return refundWithdrawal(db, withdrawal, { now: options.now });
}

/** The name and email the Withdrawal keeps, and the buyer's own language when they chose one. */
type Buyer = { name: string; email: string; locale: Locale | null };

async function findAskedOrder(db: TenantDb, asked: WithdrawalAsked): Promise<{ order: Order; buyer: Buyer }> {
  if (asked.by === "member") {
    // a guardian withdraws what they bought for their dependant too
    const order = await db.order.findFirst({
      where: { id: asked.orderId, OR: [{ userId: asked.userId }, { user: { guardianId: asked.userId } }] },
    });
    const member = order && (await db.user.findUnique({ where: { id: asked.userId } }));
    if (!order || !member) throw new AppError("not_found");
    return { order, buyer: { name: member.displayName, email: member.email, locale: localeOf(member.locale) } };
  }
  const order = await db.order.findFirst({
    where: { receiptNumber: asked.receiptNumber },
    include: { user: { include: { guardian: true } } },
  });
  const given = asked.email.trim().toLowerCase();
  const payer = order && [order.user.guardian, order.user].find((person) => person?.email.toLowerCase() === given);
  if (!order || !payer) throw new AppError("not_found");
  const { user: _user, ...plain } = order;
  return { order: plain, buyer: { name: asked.name, email: asked.email.trim(), locale: localeOf(payer.locale) } };
}

function localeOf(value: string | null): Locale | null {
  return isLocale(value) ? value : null;
}

/**
 * The refusals, in this order: 409 `Purchase already withdrawn`; 409 `This purchase has no right of
 * withdrawal` for an order without the right (dated products, desk sales, renewals) or one not paid
 * (pending, failed, or refunded by the studio already: nothing is left to withdraw from); 409
 * `Withdrawal period has ended` past its end in the studio's time zone; 409 `Gift card has been spent`
 * for an order that bought a gift card spent since (its refund would void the card).
 */
async function previewOf(db: TenantDb, order: Order, { now, locale }: Options): Promise<WithdrawalPreview> {
  if (await db.withdrawal.findFirst({ where: { orderId: order.id }, select: { id: true } })) {
    throw new AppError("already_withdrawn");
  }
  if (order.withdrawalDays === null || order.status !== "paid") throw new AppError("no_withdrawal_right");
  const account = await db.account.findUniqueOrThrow({
    where: { id: order.accountId },
    select: { timezone: true, locale: true },
  });
  const withdrawal = orderWithdrawal(order, { timezone: account.timezone, withdrawn: false, now });
  if (!withdrawal) throw new AppError("no_withdrawal_right");
  if (withdrawal.status !== "open") throw new AppError("withdrawal_period_ended");
  // a gift card's order: withdrawn as refunded, only while its card is unspent; the refund voids it
  await assertGiftCardOrderRefundable(db, order, order.amount - order.refundedAmount);
  // a part the studio refunded earlier is not paid: the share is of what is left
  const paid = order.amount - order.refundedAmount;
  const use = await measureWithdrawalUse(db, order, { now, timezone: account.timezone });
  const usedAmount = usedAmountOf(paid, use);
  const basis = basisOf(
    { use, paid, usedAmount, currency: order.currency },
    { locale, studioLocaleTag: account.locale },
  );
  return {
    order,
    usedAmount,
    refundAmount: paid - usedAmount,
    currency: order.currency,
    basis,
    until: withdrawal.until,
  };
}

/** The Withdrawal row, `refund_pending` until its refund is made, and its acknowledgment email, in one transaction. */
async function receiveWithdrawal(
  db: TenantDb,
  preview: WithdrawalPreview,
  buyer: Buyer & { locale: Locale; receivedAt: Date },
): Promise<Withdrawal> {
  const { order } = preview;
  try {
    return await db.$transaction(async (tx) => {
      const withdrawal = await tx.withdrawal.create({
        data: {
          accountId: order.accountId,
          orderId: order.id,
          name: buyer.name,
          email: buyer.email,
          receivedAt: buyer.receivedAt,
          usedAmount: preview.usedAmount,
          refundAmount: preview.refundAmount,
          currency: preview.currency,
          basis: preview.basis,
          locale: buyer.locale,
          status: "refund_pending",
        },
      });
      await enqueueNoticeEmail(tx, {
        accountId: order.accountId,
        kind: "withdrawal_received",
        to: { userId: order.userId },
        orderId: order.id,
      });
      return withdrawal;
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("already_withdrawn");
    throw error;
  }
}
