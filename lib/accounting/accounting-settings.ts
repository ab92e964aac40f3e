import type { Account } from "@prisma/client";

/**
 * The studio's account numbers in its bookkeeping (decision 0041), the one source of the accounts
 * the journal export and the Dinero vouchers post to. Defaults (the columns' defaults) follow
 * Dinero's standard chart: 1000 sales with VAT, 1050 sales without VAT, 61100 output VAT, 55000 bank.
 */
export type AccountingSettings = Pick<
  Account,
  "salesAccount" | "exemptSalesAccount" | "vatAccount" | "cardClearingAccount" | "mobilepayClearingAccount"
>;

export const ACCOUNTING_FIELDS = [
  "salesAccount",
  "exemptSalesAccount",
  "vatAccount",
  "cardClearingAccount",
  "mobilepayClearingAccount",
] as const;

export function accountingSettingsOf(account: AccountingSettings): AccountingSettings {
  return {
    salesAccount: account.salesAccount,
    exemptSalesAccount: account.exemptSalesAccount,
    vatAccount: account.vatAccount,
    cardClearingAccount: account.cardClearingAccount,
    mobilepayClearingAccount: account.mobilepayClearingAccount,
  };
}
