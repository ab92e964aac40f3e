import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { demoProvider } from "./demo/provider";
import { deskProvider } from "./desk/provider";
import { mobilepayProvider } from "./mobilepay/provider";
import type { PaymentProvider } from "./payment-provider";
import type { PaymentMethod } from "./payment-methods";
import { stripeClient } from "./stripe/client";
import { createStripeProvider } from "./stripe/provider";

/** Test seam of the Stripe adapter: the client it calls (else the one STRIPE_SECRET_KEY builds). */
type Clients = { stripe?: () => Stripe };

/** The provider of card checkouts PAYMENTS_PROVIDER selects (default `demo`): the renewal job's too. */
export function paymentProvider({ stripe = stripeClient }: Clients = {}): PaymentProvider {
  return env().PAYMENTS_PROVIDER === "stripe" ? createStripeProvider(stripe) : demoProvider;
}

/**
 * The adapter of the tender an order was paid with (its `provider`): the one its refund, its
 * cancellation and what follows a refund go through. A name of no tender reads as the demo's,
 * which moves no money (tenders.ts).
 */
export function providerOf(provider: string, { stripe = stripeClient }: Clients = {}): PaymentProvider {
  switch (provider) {
    case "stripe":
      return createStripeProvider(stripe);
    case "mobilepay":
      return mobilepayProvider;
    case "desk":
      return deskProvider;
    default:
      return demoProvider;
  }
}

/**
 * The adapter a checkout pays through: `mobilepay` (a membership through the studio's own sales
 * unit), else `card` (the default): the studio's payment provider (`card`, PAYMENTS_PROVIDER).
 */
export function checkoutProviderFor(
  paymentMethod: PaymentMethod | undefined,
  card: PaymentProvider = paymentProvider(),
): PaymentProvider {
  return paymentMethod === "mobilepay" ? mobilepayProvider : card;
}

/** The adapters with work of their own, whatever PAYMENTS_PROVIDER is (renewals made ahead, polls). */
export function providersWithOwnWork(): PaymentProvider[] {
  return [mobilepayProvider];
}
