import "server-only";
import { minorUnitDigits } from "@/lib/format/money";
import type { ReceiptFacts } from "@/lib/receipts/receipt-facts";
import { studioDate } from "@/lib/studio-time/studio-date";
import type { DineroManualVoucher } from "./dinero-client";

/**
 * The accounts a voucher posts to, from the studio's accounting settings (GET /account/accounting,
 * decision 0041): the money arrives on `money` (the clearing account of how it was paid) and is
 * sales with VAT (`sales`) or without (`exemptSales`).
 */
export type DineroVoucherAccounts = { money: number; sales: number; exemptSales: number };

/** Dinero's VAT code of sales at 25 %; sales without VAT carry none. */
const SALES_VAT_CODE = "U25";

/** Our reference on Dinero's side: the order and the kind, the same on every attempt. */
export const dineroReference = (orderId: string, kind: "sale" | "refund") => `studio-booking:${kind}:${orderId}`;

/**
 * The manual voucher of a paid order (`sale`: the bank account takes the amount, sales give it) or
 * of its refund (`refund`: the same line negated), dated the day of the payment or refund in the
 * studio's time zone, with the receipt or credit note as its document.
 */
export function dineroVoucherOf(
  facts: ReceiptFacts,
  kind: "sale" | "refund",
  fileGuid: string,
  words: { sale: string; refund: string },
  accounts: DineroVoucherAccounts,
): DineroManualVoucher {
  const taxed = (facts.vatRateBasisPoints ?? 0) > 0;
  const at = kind === "refund" && facts.refundedAt ? facts.refundedAt : facts.paidAt;
  const amount = facts.amount / 10 ** minorUnitDigits(facts.currency);
  return {
    VoucherDate: studioDate(new Date(at), facts.timezone),
    ExternalReference: dineroReference(facts.orderId, kind),
    FileGuid: fileGuid,
    Lines: [
      {
        Description: kind === "sale" ? words.sale : words.refund,
        AccountNumber: accounts.money,
        BalancingAccountNumber: taxed ? accounts.sales : accounts.exemptSales,
        Amount: kind === "sale" ? amount : -amount,
        AccountVatCode: null,
        BalancingAccountVatCode: taxed ? SALES_VAT_CODE : null,
      },
    ],
  };
}
