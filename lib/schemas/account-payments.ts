import type { AccountPayments } from "@prisma/client";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/payments/payment-methods";
import { STRIPE_ACCOUNT_STATUSES, type StripeAccountStatus } from "@/lib/payments/stripe/account-status";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS).openapi({ example: "mobilepay" });

export const StripeConnectionSchema = z
  .object({
    accountId: z.string().nullable().openapi({ example: "acct_1Q2w3E4r5T6y7U8i" }),
    status: z.enum(STRIPE_ACCOUNT_STATUSES).openapi({
      example: "active",
      description:
        "`not_connected`: no Stripe account yet; `onboarding`: details not yet submitted; `active`: charges enabled; " +
        "`restricted`: details submitted but charges disabled, or Stripe names a reason it is disabled",
    }),
    chargesEnabled: z.boolean().openapi({ example: true }),
    payoutsEnabled: z.boolean().openapi({ example: true }),
  })
  .openapi("StripeConnection");

export const MOBILEPAY_STATUSES = ["not_connected", "connected", "failing"] as const;
export type MobilepayStatus = (typeof MOBILEPAY_STATUSES)[number];

export const MobilepayConnectionSchema = z
  .object({
    status: z.enum(MOBILEPAY_STATUSES).openapi({
      example: "connected",
      description:
        "`not_connected`: no sales unit saved; `connected`: its keys are saved; `failing`: Vipps MobilePay refused them " +
        "on the last call",
    }),
    testMode: z
      .boolean()
      .openapi({ example: true, description: "The sales unit is Vipps MobilePay's test environment" }),
    graceDays: z.number().int().openapi({
      example: 7,
      description:
        "Days a member whose MobilePay renewal failed (after Vipps MobilePay's retries) may still book after the period they did not pay for",
    }),
  })
  .openapi("MobilepayConnection");

export const AccountPaymentsSchema = z
  .object({
    provider: z.enum(["demo", "stripe"]).openapi({ example: "stripe", description: "The service's PAYMENTS_PROVIDER" }),
    stripe: StripeConnectionSchema.nullable().openapi({
      description: "The studio's Stripe account; null with the demo provider",
    }),
    paymentMethods: z.array(PaymentMethodSchema).openapi({ example: ["card", "mobilepay"] }),
    mobilepay: MobilepayConnectionSchema.openapi({
      description: "The studio's own Vipps MobilePay sales unit, through which members pay memberships (Recurring API)",
    }),
    platformFeePercent: z
      .number()
      .openapi({ example: 2.5, description: "The platform's application fee on each Stripe payment" }),
  })
  .openapi("AccountPayments");
export type AccountPaymentsDto = z.infer<typeof AccountPaymentsSchema>;

const nonEmpty = (example: string) => z.string().trim().min(1).max(200).openapi({ example });

export const MobilepaySalesUnitInput = z
  .strictObject({
    merchantSerialNumber: z
      .string()
      .trim()
      .refine((value) => /^\d{4,10}$/.test(value), ruleIssue("merchant_serial_number"))
      .openapi({ example: "123456", description: "The sales unit's merchant serial number (MSN)" }),
    clientId: nonEmpty("fb492b5e-7907-4d83-ba20-c7fb60ca35de"),
    clientSecret: nonEmpty("Y8Kteew6GE2ZmeycEt6egg=="),
    subscriptionKey: nonEmpty("0f14ebcab0ec4b29ae0cb90d91b4a84a"),
    testMode: z.boolean().openapi({ example: true, description: "Keys of Vipps MobilePay's test environment" }),
  })
  .openapi("MobilepaySalesUnitInput");
export type MobilepaySalesUnitInput = z.infer<typeof MobilepaySalesUnitInput>;

export const UpdateAccountPaymentsInput = z
  .strictObject({
    paymentMethods: z
      .array(PaymentMethodSchema)
      .min(1)
      .refine((methods) => methods.includes("card"), ruleIssue("card_required"))
      .transform((methods) => PAYMENT_METHODS.filter((method) => methods.includes(method)))
      .optional()
      .openapi({
        example: ["card", "mobilepay"],
        description:
          "Must include `card`. `mobilepay` is offered for one-off purchases in DKK, EUR, NOK or SEK (400 for another currency); subscriptions stay card-only",
      }),
    mobilepayGraceDays: z.number().int().min(0).max(60).optional().openapi({
      example: 7,
      description:
        "Days (0 to 60, default 7) a member whose MobilePay renewal failed may still book after the period they did not pay for (their membership past due)",
    }),
    mobilepay: MobilepaySalesUnitInput.nullable()
      .optional()
      .openapi({
        description:
          "Connects the studio's own Vipps MobilePay sales unit (its keys are stored encrypted and never answered again); " +
          "null disconnects it",
      }),
  })
  .openapi("UpdateAccountPaymentsInput");
export type UpdateAccountPaymentsInput = z.infer<typeof UpdateAccountPaymentsInput>;

export const StripeOnboardingLinkSchema = z
  .object({
    url: z.string().url().openapi({ example: "https://connect.stripe.com/setup/s/acct_1Q2w3E4r5T6y7U8i/AbCdEf" }),
  })
  .openapi("StripeOnboardingLink");

export function serializeAccountPayments(
  row: AccountPayments | null,
  {
    provider,
    connectsStripe,
    platformFeePercent,
  }: {
    provider: "demo" | "stripe";
    /** Whether the studio's own Stripe account is shown (PAYMENTS_PROVIDER=stripe); else `stripe` is null. */
    connectsStripe: boolean;
    platformFeePercent: number;
  },
): AccountPaymentsDto {
  return {
    provider,
    stripe: connectsStripe
      ? {
          accountId: row?.stripeAccountId ?? null,
          status: (row?.stripeStatus ?? "not_connected") as StripeAccountStatus,
          chargesEnabled: row?.stripeChargesEnabled ?? false,
          payoutsEnabled: row?.stripePayoutsEnabled ?? false,
        }
      : null,
    paymentMethods: (row?.paymentMethods ?? ["card"]) as PaymentMethod[],
    mobilepay: {
      status: (row?.mobilepayStatus ?? "not_connected") as MobilepayStatus,
      testMode: row?.mobilepayTestMode ?? true,
      graceDays: row?.mobilepayGraceDays ?? 7,
    },
    platformFeePercent,
  };
}
