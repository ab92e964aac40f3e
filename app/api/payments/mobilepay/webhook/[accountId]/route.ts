import { applyMobilepayEvent } from "@/lib/payments/mobilepay/memberships";
import { endpoints, json, route } from "@/lib/http/route";
import { log } from "@/lib/log";
import { readMobilepayWebhook } from "@/lib/payments/mobilepay/read-webhook";
import { z } from "@/lib/schemas/zod";

// A studio's Vipps MobilePay events (registered at connect time), signed with that registration's secret.
const Params = z.object({ accountId: z.string().uuid() });

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/payments/mobilepay/webhook/{accountId}", {
  POST: route(
    { operation: "POST /payments/mobilepay/webhook/{accountId}", auth: "none", params: Params },
    async ({ request, params }) => {
      const event = await readMobilepayWebhook(request, params.accountId);
      log.info("Vipps MobilePay event received", { accountId: params.accountId, eventType: event.eventType });
      await applyMobilepayEvent({ accountId: params.accountId, event });
      return json({ received: true });
    },
  ),
});
