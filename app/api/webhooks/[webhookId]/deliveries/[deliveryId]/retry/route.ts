import { endpoints, json, route } from "@/lib/http/route";
import { WebhookDeliveryParams } from "@/lib/schemas/webhook";
import { retryWebhookDelivery } from "@/lib/webhooks/list-webhook-deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/webhooks/{webhookId}/deliveries/{deliveryId}/retry", {
  POST: route(
    {
      operation: "POST /webhooks/{webhookId}/deliveries/{deliveryId}/retry",
      auth: "admin",
      params: WebhookDeliveryParams,
    },
    async ({ auth, params }) => {
      await retryWebhookDelivery({ db: auth.db, ...params, now: new Date() });
      return json({ deliveryId: params.deliveryId }, 202);
    },
  ),
});
