import { endpoints, json, route } from "@/lib/http/route";
import { WebhookParams } from "@/lib/schemas/webhook";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/webhooks/{webhookId}/rotate-secret", {
  POST: route(
    { operation: "POST /webhooks/{webhookId}/rotate-secret", auth: "admin", params: WebhookParams },
    async ({ auth, params }) => {
      const secret = await rotateWebhookSecret({
        db: auth.db,
        accountId: auth.accountId,
        webhookId: params.webhookId,
        now: new Date(),
      });
      return json({ secret }, 200, { "Cache-Control": "no-store" });
    },
  ),
});
