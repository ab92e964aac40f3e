import { endpoints, json, noContent, route } from "@/lib/http/route";
import { serializeWebhook, UpdateWebhookInput, WebhookParams } from "@/lib/schemas/webhook";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/update-webhook";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/webhooks/{webhookId}", {
  PATCH: route(
    { operation: "PATCH /webhooks/{webhookId}", auth: "admin", params: WebhookParams, body: UpdateWebhookInput },
    async ({ auth, params, body }) =>
      json(serializeWebhook(await updateWebhook({ db: auth.db, webhookId: params.webhookId, changes: body }))),
  ),
  DELETE: route(
    { operation: "DELETE /webhooks/{webhookId}", auth: "admin", params: WebhookParams },
    async ({ auth, params }) => {
      await deleteWebhook({ db: auth.db, webhookId: params.webhookId });
      return noContent();
    },
  ),
});
