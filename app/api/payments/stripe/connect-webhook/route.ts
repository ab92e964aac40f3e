import { handleStripeEvent } from "@/lib/payments/stripe/handle-event";
import { endpoints, json, route } from "@/lib/http/route";
import { readStripeEvent } from "@/lib/payments/stripe/read-event";

// Events of the studios' connected accounts (they name the `account`), signed with the Connect
// endpoint's own secret; handled exactly as the platform's.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/payments/stripe/connect-webhook", {
  POST: route({ operation: "POST /payments/stripe/connect-webhook", auth: "none" }, async ({ request }) => {
    await handleStripeEvent({ event: await readStripeEvent(request, "connect") });
    return json({ received: true });
  }),
});
