import { endpoints, json, route } from "@/lib/http/route";
import { WebhookParams } from "@/lib/schemas/webhook";
import { enqueueTestEvent } from "@/lib/webhooks/enqueue-webhook-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/webhooks/{webhookId}/test", {
  POST: route(
    { operation: "POST /webhooks/{webhookId}/test", auth: "admin", params: WebhookParams },
    async ({ auth, params }) => {
      const { deliveryId } = await enqueueTestEvent({
        db: auth.db,
        accountId: auth.accountId,
        webhookId: params.webhookId,
        now: new Date(),
      });
      return json({ deliveryId }, 202);
    },
  ),
});
