import "server-only";
import type { Account } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { AccountingSettingsDto, UpdateAccountingSettingsInput } from "@/lib/schemas/accounting";
import { tenderOf } from "@/lib/payments/tenders";

/**
 * The studio's account numbers in its bookkeeping (decision 0041), the one source of the accounts
 * the journal export and the Dinero vouchers post to. Defaults (the columns' defaults) follow
 * Dinero's standard chart: 1000 sales with VAT, 1050 sales without VAT, 61100 output VAT, 55000 bank.
 */
export type AccountingSettings = Pick<
  Account,
  | "salesAccount"
  | "exemptSalesAccount"
  | "vatAccount"
  | "cardClearingAccount"
  | "mobilepayClearingAccount"
  | "giftCardLiability"
>;

export const ACCOUNTING_FIELDS = [
  "salesAccount",
  "exemptSalesAccount",
  "vatAccount",
  "cardClearingAccount",
  "mobilepayClearingAccount",
] as const;
export type AccountingField = (typeof ACCOUNTING_FIELDS)[number];

export function accountingSettingsOf(account: AccountingSettings): AccountingSettings {
  return {
    salesAccount: account.salesAccount,
    exemptSalesAccount: account.exemptSalesAccount,
    vatAccount: account.vatAccount,
    cardClearingAccount: account.cardClearingAccount,
    mobilepayClearingAccount: account.mobilepayClearingAccount,
    giftCardLiability: account.giftCardLiability,
  };
}

/** How an order was paid, as the journal names it: `card` (Stripe, the demo), `mobilepay`, `desk`, `gift_card`. */
export function paymentMethodOf(provider: string): "card" | "mobilepay" | "desk" | "gift_card" {
  return tenderOf(provider).journalMethod;
}

/** The account the money of a payment arrives on: MobilePay's clearing account, else the card clearing account (the desk's too). */
export function clearingAccountOf(provider: string, accounts: AccountingSettings): number {
  return accounts[tenderOf(provider).clearingAccount];
}

/** GET /account/accounting: the studio's account numbers. */
export async function getAccountingSettings({
  db,
  accountId,
}: {
  db: TenantDb;
  accountId: string;
}): Promise<AccountingSettingsDto> {
  return { accounting: accountingSettingsOf(await db.account.findUniqueOrThrow({ where: { id: accountId } })) };
}

/** PATCH /account/accounting: the account numbers given change; the journal and Dinero vouchers use them from then on. */
export async function updateAccountingSettings({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: UpdateAccountingSettingsInput;
}): Promise<AccountingSettingsDto> {
  const account = await db.account.update({ where: { id: accountId }, data: input.accounting });
  return { accounting: accountingSettingsOf(account) };
}
