import { z } from "./zod";

const accountNumber = (example: number, description: string) =>
  z.number().int().min(1).max(999_999_999).openapi({ example, description });

const FIELDS = {
  salesAccount: accountNumber(
    1000,
    "Sales with VAT (the contra account of a sale at the studio's VAT rate). Default 1000",
  ),
  exemptSalesAccount: accountNumber(
    1050,
    "Sales without VAT: VAT-exempt teaching (`vatRate` 0) and sales while the studio has no VAT rate. Default 1050",
  ),
  vatAccount: accountNumber(61100, "Output VAT (salgsmoms), named on the journal's lines with VAT. Default 61100"),
  cardClearingAccount: accountNumber(
    55000,
    "Where card payments (Stripe) and desk sales arrive: the bank or a clearing account for the payouts. Default 55000",
  ),
  mobilepayClearingAccount: accountNumber(55000, "Where MobilePay payments arrive. Default 55000"),
  giftCardLiability: accountNumber(
    63030,
    "Gift cards sold and not yet spent (a liability: prepayments from customers). A card's sale is credited here, " +
      'its spending, expiry and payout debited. Default 63030, Dinero\'s "Forudbetalinger fra kunder"',
  ),
};

export const AccountingSchema = z.object(FIELDS).openapi("Accounting");

export const AccountingSettingsSchema = z.object({ accounting: AccountingSchema }).openapi("AccountingSettings");
export type AccountingSettingsDto = z.infer<typeof AccountingSettingsSchema>;

export const UpdateAccountingSettingsInput = z
  .strictObject({
    accounting: z
      .strictObject({
        salesAccount: FIELDS.salesAccount.optional(),
        exemptSalesAccount: FIELDS.exemptSalesAccount.optional(),
        vatAccount: FIELDS.vatAccount.optional(),
        cardClearingAccount: FIELDS.cardClearingAccount.optional(),
        mobilepayClearingAccount: FIELDS.mobilepayClearingAccount.optional(),
        giftCardLiability: FIELDS.giftCardLiability.optional(),
      })
      .openapi({ description: "The account numbers to change (positive integers); the others stay" }),
  })
  .openapi("UpdateAccountingSettingsInput");
export type UpdateAccountingSettingsInput = z.infer<typeof UpdateAccountingSettingsInput>;
