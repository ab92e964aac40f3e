import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { ListWebhookDeliveriesQuery, serializeWebhookDelivery, WebhookParams } from "@/lib/schemas/webhook";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/webhooks/{webhookId}/deliveries", {
  GET: route(
    {
      operation: "GET /webhooks/{webhookId}/deliveries",
      auth: "admin",
      params: WebhookParams,
      query: ListWebhookDeliveriesQuery,
    },
    async ({ auth, params, query, request }) => {
      const page = await listWebhookDeliveries({ db: auth.db, webhookId: params.webhookId, ...query });
      return pageResponse(request, page.items.map(serializeWebhookDelivery), page.next);
    },
  ),
});
