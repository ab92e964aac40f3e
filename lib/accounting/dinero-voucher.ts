import "server-only";
import { minorUnitDigits } from "@/lib/format/money";
import type { ReceiptFacts } from "@/lib/receipts/receipt-facts";
import { studioDate } from "@/lib/studio-time/studio-date";
import type { DineroManualVoucher } from "./dinero-client";

/**
 * The accounts a voucher posts to, from the studio's accounting settings (GET /account/accounting,
 * decision 0041): the money arrives on `money` (the clearing account of how it was paid) and is
 * sales with VAT (`sales`) or without (`exemptSales`); gift cards sold and not yet spent are owed on
 * `giftCardLiability` (decision 0051).
 */
export type DineroVoucherAccounts = { money: number; sales: number; exemptSales: number; giftCardLiability: number };

/** Dinero's VAT code of sales at 25 %; sales without VAT carry none. */
const SALES_VAT_CODE = "U25";

/**
 * Our reference on Dinero's side, the same on every attempt: a sale's names its order, a refund's
 * its refund (a refund of before partial refunds kept its order's: the migration wrote it).
 */
export const dineroReference = (of: { orderId: string } | { refundId: string }) =>
  "orderId" in of ? `studio-booking:sale:${of.orderId}` : `studio-booking:refund:${of.refundId}`;

/**
 * The manual voucher of a paid order (`sale`: the bank account takes the amount, sales give it) or
 * of one refund (`refund`: a line of that refund's amount, negated), dated the day of the payment or
 * refund in the studio's time zone, with the receipt or the refund's credit note as its document. A
 * gift card's sale balances on the liability without VAT; an order a card paid for (or its refund's
 * part) has a line from the money's account and one from the liability, as the receipt splits it.
 */
export function dineroVoucherOf(
  facts: ReceiptFacts,
  kind: "sale" | "refund",
  fileGuid: string,
  words: { sale: string; refund: string },
  accounts: DineroVoucherAccounts,
  reference: string,
): DineroManualVoucher {
  const taxed = !facts.giftCardSale && (facts.vatRateBasisPoints ?? 0) > 0;
  const refunded = kind === "refund" ? refundedPart(facts) : null;
  const at = refunded?.at ?? facts.paidAt;
  const digits = minorUnitDigits(facts.currency);
  const signed = (minor: number) => (kind === "sale" ? minor : -minor) / 10 ** digits;
  const whole = refunded?.amount ?? facts.amount;
  const description = kind === "sale" ? words.sale : words.refund;
  // a card's sale is owed, not sold: no VAT; an order a card paid for is sales from two accounts
  const balancing = facts.giftCardSale ? accounts.giftCardLiability : taxed ? accounts.sales : accounts.exemptSales;
  const line = (account: number, minor: number) => ({
    Description: description,
    AccountNumber: account,
    BalancingAccountNumber: balancing,
    Amount: signed(minor),
    AccountVatCode: null,
    BalancingAccountVatCode: taxed ? SALES_VAT_CODE : null,
  });
  const card = facts.paidByGiftCard;
  return {
    VoucherDate: studioDate(new Date(at), facts.timezone),
    ExternalReference: reference,
    FileGuid: fileGuid,
    Lines: card
      ? [
          ...(card.rest > 0 ? [line(accounts.money, card.rest)] : []),
          ...(card.amount > 0 ? [line(accounts.giftCardLiability, card.amount)] : []),
        ]
      : [line(accounts.money, whole)],
  };
}

/** What a refund's voucher books: its credit note's amount and day (the whole order for a refund of before partial refunds). */
function refundedPart(facts: ReceiptFacts): { amount: number; at: string } {
  if (facts.creditNote) return { amount: facts.creditNote.amount, at: facts.creditNote.refundedAt };
  return { amount: facts.amount, at: facts.refundedAt ?? facts.paidAt };
}
