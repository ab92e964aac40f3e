import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { stripeWebhooks } from "./client";

/**
 * Checks a webhook delivery's `Stripe-Signature` against the raw body with the Stripe library and
 * returns the event. `endpoint`: the platform's webhook (STRIPE_WEBHOOK_SECRET) or the Connect
 * webhook of the studios' connected accounts (STRIPE_CONNECT_WEBHOOK_SECRET). A missing or wrong
 * signature, a timestamp more than STRIPE_SIGNATURE_TOLERANCE_SECONDS before or after `now`, or that
 * secret not configured: 400 `Invalid signature`.
 */
export function verifyStripeEvent({
  payload,
  signature,
  endpoint = "platform",
  now = new Date(),
}: {
  payload: string;
  signature: string | null;
  endpoint?: "platform" | "connect";
  now?: Date;
}): Stripe.Event {
  const setting = endpoint === "connect" ? "STRIPE_CONNECT_WEBHOOK_SECRET" : "STRIPE_WEBHOOK_SECRET";
  const secret = env()[setting];
  if (!secret) {
    log.error("Stripe webhook received but its signing secret is not set", { setting });
    throw new AppError("invalid_signature");
  }
  if (!signature) throw new AppError("invalid_signature");
  let event: Stripe.Event;
  try {
    event = stripeWebhooks().constructEvent(
      payload,
      signature,
      secret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    throw new AppError("invalid_signature");
  }
  // The library refuses only timestamps too far in the past; one from the future is as suspect
  // (a replay signed ahead, or a clock far off), issue 43 §6.5.
  const signedAt = signedAtOf(signature);
  if (signedAt === undefined || signedAt - now.getTime() / 1000 > STRIPE_SIGNATURE_TOLERANCE_SECONDS)
    throw new AppError("invalid_signature");
  return event;
}

/** Stripe's default tolerance, both ways: a delivery signed more than 5 minutes from now is refused. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `t=` of a `Stripe-Signature` header (Unix seconds). */
function signedAtOf(signature: string): number | undefined {
  const item = signature.split(",").find((part) => part.trim().startsWith("t="));
  const seconds = Number(item?.trim().slice(2));
  return item && Number.isInteger(seconds) ? seconds : undefined;
}
