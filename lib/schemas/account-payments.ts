import type { AccountPayments } from "@prisma/client";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/payments/payment-methods";
import { STRIPE_ACCOUNT_STATUSES, type StripeAccountStatus } from "@/lib/payments/stripe-account-status";
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

export const AccountPaymentsSchema = z
  .object({
    provider: z.enum(["demo", "stripe"]).openapi({ example: "stripe", description: "The service's PAYMENTS_PROVIDER" }),
    stripe: StripeConnectionSchema.nullable().openapi({
      description: "The studio's Stripe account; null with the demo provider",
    }),
    paymentMethods: z.array(PaymentMethodSchema).openapi({ example: ["card", "mobilepay"] }),
    platformFeePercent: z
      .number()
      .openapi({ example: 2.5, description: "The platform's application fee on each Stripe payment" }),
  })
  .openapi("AccountPayments");
export type AccountPaymentsDto = z.infer<typeof AccountPaymentsSchema>;

export const UpdateAccountPaymentsInput = z
  .strictObject({
    paymentMethods: z
      .array(PaymentMethodSchema)
      .min(1)
      .refine((methods) => methods.includes("card"), ruleIssue("card_required"))
      .transform((methods) => PAYMENT_METHODS.filter((method) => methods.includes(method)))
      .openapi({
        example: ["card", "mobilepay"],
        description:
          "Must include `card`. `mobilepay` is offered for one-off purchases in DKK, EUR, NOK or SEK (400 for another currency); subscriptions stay card-only",
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
  { provider, platformFeePercent }: { provider: "demo" | "stripe"; platformFeePercent: number },
): AccountPaymentsDto {
  return {
    provider,
    stripe:
      provider === "stripe"
        ? {
            accountId: row?.stripeAccountId ?? null,
            status: (row?.stripeStatus ?? "not_connected") as StripeAccountStatus,
            chargesEnabled: row?.stripeChargesEnabled ?? false,
            payoutsEnabled: row?.stripePayoutsEnabled ?? false,
          }
        : null,
    paymentMethods: (row?.paymentMethods ?? ["card"]) as PaymentMethod[],
    platformFeePercent,
  };
}
