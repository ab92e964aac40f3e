import "server-only";
import { env } from "@/lib/env";
import { demoProvider } from "@/lib/payments/demo/provider";
import type { PaymentProvider } from "./payment-provider";
import { stripeClient } from "@/lib/payments/stripe/client";
import { createStripeProvider } from "@/lib/payments/stripe/provider";

/** The provider PAYMENTS_PROVIDER selects (default `demo`). */
export function paymentProvider(): PaymentProvider {
  return env().PAYMENTS_PROVIDER === "stripe" ? createStripeProvider(stripeClient()) : demoProvider;
}
