import { handleStripeEvent } from "@/lib/payments/stripe/handle-event";
import { endpoints, json, route } from "@/lib/http/route";
import { readStripeEvent } from "@/lib/payments/stripe/read-event";

// No body schema: the signature covers the raw bytes, so the body is read unparsed.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/payments/stripe/webhook", {
  POST: route({ operation: "POST /payments/stripe/webhook", auth: "none" }, async ({ request }) => {
    await handleStripeEvent({ event: await readStripeEvent(request, "platform") });
    return json({ received: true });
  }),
});
