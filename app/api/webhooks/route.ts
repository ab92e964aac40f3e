import { endpoints, json, route } from "@/lib/http/route";
import { CreateWebhookInput, serializeWebhook } from "@/lib/schemas/webhook";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";

// Account-scoped administration: API keys may manage webhooks (decision 0023).
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/webhooks", {
  GET: route({ operation: "GET /webhooks", auth: "admin" }, async ({ auth }) =>
    json((await listWebhooks({ db: auth.db })).map(serializeWebhook)),
  ),
  POST: route({ operation: "POST /webhooks", auth: "admin", body: CreateWebhookInput }, async ({ auth, body }) => {
    const { webhook, secret } = await createWebhook({ db: auth.db, accountId: auth.accountId, ...body });
    return json({ webhook: serializeWebhook(webhook), secret }, 201, { "Cache-Control": "no-store" });
  }),
});
