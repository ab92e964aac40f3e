import "server-only";
import type { Account, Order, User } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { emailLocale, languageOfLocaleTag } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { householdOrdersWhere } from "@/lib/households/household-scope";
import type { ReceiptFacts, ReceiptWithdrawal } from "./receipt-facts";
import { withdrawalExemption, withdrawalUntil } from "@/lib/withdrawals/withdrawal-right";
import { env } from "@/lib/env";
import { termsPath } from "@/lib/terms/terms-path";
import { paymentMethodOf } from "@/lib/accounting/accounting-settings";
import { paidParts, refundedBefore } from "@/lib/gift-cards/paid-parts";

/** Orders with a receipt: paid ones, and refunded ones (whose receipt is a credit note). */
const WITH_RECEIPT = ["paid", "refunded"];

/**
 * The receipt of an order of the active account: any order for an administrator, only `userId`'s
 * own or their dependants' when given (GET /me/orders/{orderId}/receipt). 404 for an order of another
 * person or account and for one never paid (pending, failed). A dependant's order was paid by their
 * guardian (POST /checkout `forUserId`): the guardian is the receipt's customer and gets its email.
 */
export async function getReceiptFactsOrThrow({
  db,
  orderId,
  userId,
}: {
  db: TenantDb;
  orderId: string;
  userId?: string;
}): Promise<ReceiptFacts> {
  const order = await db.order.findFirst({
    where: {
      id: orderId,
      status: { in: WITH_RECEIPT },
      receiptNumber: { not: null },
      ...(userId ? householdOrdersWhere(userId) : {}),
    },
    include: {
      account: true,
      user: { include: { guardian: true } },
      product: { select: { name: true, type: true, courseEventId: true } },
      payingGiftCard: { select: { codeLast4: true } },
    },
  });
  if (!order) throw new AppError("not_found");
  return receiptFacts(order);
}

/**
 * The credit note of one refund of an order of the active account (its receipt's facts with what
 * that refund gave back). 404 for a refund of another account.
 */
export async function getCreditNoteFactsOrThrow({
  db,
  refundId,
}: {
  db: TenantDb;
  refundId: string;
}): Promise<ReceiptFacts> {
  const refund = await db.refund.findFirst({
    where: { id: refundId },
    include: { order: { include: { refunds: true } } },
  });
  if (!refund) throw new AppError("not_found");
  const facts = await getReceiptFactsOrThrow({ db, orderId: refund.orderId });
  const paid = facts.paidByGiftCard
    ? paidParts(refund.order, { ...refund, refundedBefore: refundedBefore(refund, refund.order.refunds) })
    : null;
  return {
    ...facts,
    paidByGiftCard:
      facts.paidByGiftCard && paid && paid.card > 0
        ? { ...facts.paidByGiftCard, amount: paid.card, rest: paid.provider }
        : null,
    creditNote: {
      number: refund.creditNoteNumber,
      amount: refund.amount,
      vatAmount: refund.vatAmount,
      refundedAt: refund.refundedAt.toISOString(),
      classes: refund.classes,
    },
  };
}

type ReceiptOrder = Order & {
  account: Account;
  user: User & { guardian: User | null };
  product: { name: string; type: string; courseEventId: string | null };
  payingGiftCard: { codeLast4: string } | null;
};

export function receiptFacts(order: ReceiptOrder): ReceiptFacts {
  const { account } = order;
  const user = order.user.guardian ?? order.user;
  const language = emailLocale({ recipient: user.locale, studioLocaleTag: account.locale });
  return {
    orderId: order.id,
    language,
    formatLocale: languageOfLocaleTag(account.locale) === language ? account.locale : language,
    timezone: account.timezone,
    seller: { name: account.legalName ?? account.name, address: account.legalAddress, vatNumber: account.vatNumber },
    buyer: { name: user.displayName, email: user.email },
    paidFor: order.user.guardian ? order.user.displayName : null,
    receiptNumber: order.receiptNumber!,
    paidAt: (order.paidAt ?? order.createdAt).toISOString(),
    refundedAt:
      order.status === "refunded" ? (order.refundedAt ?? order.paidAt ?? order.createdAt).toISOString() : null,
    item: receiptItem(order, language),
    amount: order.amount,
    discountAmount: order.discountAmount,
    currency: order.currency,
    vatAmount: order.vatAmount,
    vatRateBasisPoints: order.vatRateBasisPoints,
    withdrawal: receiptWithdrawal(order),
    giftCardSale: order.product.type === "gift_card",
    paidByGiftCard:
      order.payingGiftCard && order.giftCardAmount > 0
        ? {
            last4: order.payingGiftCard.codeLast4,
            amount: order.giftCardAmount,
            rest: order.amount - order.giftCardAmount,
            method: paymentMethodOf(order.provider),
          }
        : null,
    terms: order.termsVersion
      ? { version: order.termsVersion, url: `${env().APP_URL}${termsPath(account.slug, language, order.termsVersion)}` }
      : null,
  };
}

/**
 * The right the order kept when it was bought online (`withdrawalDays`); for a dated product bought
 * online, why it has none. Nothing for a desk sale, a renewal (a membership's: the product has the
 * right, the renewal none) or a later instalment: no new contract.
 */
function receiptWithdrawal(order: ReceiptOrder): ReceiptWithdrawal | null {
  const { account } = order;
  const until = withdrawalUntil(order, account.timezone);
  if (until && order.withdrawalDays !== null)
    return {
      kind: "right",
      days: order.withdrawalDays,
      until: until.toISOString(),
      startNow: order.startNowRequestedAt !== null,
      slug: account.slug,
      seller: { name: account.legalName ?? account.name, address: account.legalAddress, email: account.contactEmail },
    };
  const reason = withdrawalExemption(order.product);
  const firstOnline = order.provider !== "desk" && (order.instalment ?? 1) === 1;
  return reason && firstOnline ? { kind: "exempt", reason } : null;
}

/** What the receipt says was bought: the product, and which instalment for a price paid in instalments ("rate 1 af 3"). */
function receiptItem(order: ReceiptOrder, language: ReceiptFacts["language"]): string {
  if (!order.instalment || !order.instalments) return order.product.name;
  const t = translatorFor(language, "Receipt");
  return t("instalmentItem", {
    item: order.product.name,
    instalment: order.instalment,
    instalments: order.instalments,
  });
}
