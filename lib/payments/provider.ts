import "server-only";
import { env } from "@/lib/env";
import { demoProvider } from "./demo-provider";
import type { PaymentProvider } from "./payment-provider";
import { stripeClient } from "./stripe-client";
import { createStripeProvider } from "./stripe-provider";

/** The provider PAYMENTS_PROVIDER selects (default `demo`). */
export function paymentProvider(): PaymentProvider {
  return env().PAYMENTS_PROVIDER === "stripe" ? createStripeProvider(stripeClient()) : demoProvider;
}
