import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { stripeWebhooks } from "./stripe-client";

/**
 * Checks a webhook delivery's `Stripe-Signature` against the raw body with the Stripe library and
 * returns the event. A missing or wrong signature, an old timestamp, or no STRIPE_WEBHOOK_SECRET
 * configured: 400 `Invalid signature`.
 */
export function verifyStripeEvent({ payload, signature }: { payload: string; signature: string | null }): Stripe.Event {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    log.error("Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
    throw new AppError("invalid_signature");
  }
  if (!signature) throw new AppError("invalid_signature");
  try {
    return stripeWebhooks().constructEvent(payload, signature, secret);
  } catch {
    throw new AppError("invalid_signature");
  }
}
