import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { stripeWebhooks } from "./stripe-client";

/**
 * Checks a webhook delivery's `Stripe-Signature` against the raw body with the Stripe library and
 * returns the event. `endpoint`: the platform's webhook (STRIPE_WEBHOOK_SECRET) or the Connect
 * webhook of the studios' connected accounts (STRIPE_CONNECT_WEBHOOK_SECRET). A missing or wrong
 * signature, an old timestamp, or that secret not configured: 400 `Invalid signature`.
 */
export function verifyStripeEvent({
  payload,
  signature,
  endpoint = "platform",
}: {
  payload: string;
  signature: string | null;
  endpoint?: "platform" | "connect";
}): Stripe.Event {
  const setting = endpoint === "connect" ? "STRIPE_CONNECT_WEBHOOK_SECRET" : "STRIPE_WEBHOOK_SECRET";
  const secret = env()[setting];
  if (!secret) {
    log.error("Stripe webhook received but its signing secret is not set", { setting });
    throw new AppError("invalid_signature");
  }
  if (!signature) throw new AppError("invalid_signature");
  try {
    return stripeWebhooks().constructEvent(payload, signature, secret);
  } catch {
    throw new AppError("invalid_signature");
  }
}
