import "server-only";
import type Stripe from "stripe";
import { AppError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/http/parse-input";
import { verifyStripeEvent } from "./verify-event";

/**
 * A webhook delivery's event: the raw body (read as bytes, unparsed, since the signature covers
 * them; 413 past the body limit) checked against the endpoint's signing secret.
 */
export async function readStripeEvent(request: Request, endpoint: "platform" | "connect"): Promise<Stripe.Event> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  return verifyStripeEvent({
    payload: new TextDecoder().decode(bytes),
    signature: request.headers.get("stripe-signature"),
    endpoint,
  });
}
