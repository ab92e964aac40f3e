import { handleStripeEvent } from "@/lib/commerce/handle-stripe-event";
import { AppError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/http/parse-input";
import { endpoints, json, route } from "@/lib/http/route";
import { verifyStripeEvent } from "@/lib/payments/verify-stripe-event";

// No body schema: the signature covers the raw bytes, so the body is read here as text, unparsed.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/payments/stripe/webhook", {
  POST: route({ operation: "POST /payments/stripe/webhook", auth: "none" }, async ({ request }) => {
    if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new AppError("payload_too_large");
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) throw new AppError("payload_too_large");
    const event = verifyStripeEvent({
      payload: new TextDecoder().decode(bytes),
      signature: request.headers.get("stripe-signature"),
    });
    await handleStripeEvent({ event });
    return json({ received: true });
  }),
});
