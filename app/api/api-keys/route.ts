import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateApiKeyInput, serializeApiKey, type CreatedApiKeyDto } from "@/lib/schemas/api-key";

// Keys are managed by people only: a key cannot mint or revoke keys (decision 0021).
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/api-keys", {
  GET: route({ operation: "GET /api-keys", auth: "admin", personOnly: true }, async ({ auth }) =>
    json((await listApiKeys({ db: auth.db })).map(serializeApiKey)),
  ),
  POST: route(
    { operation: "POST /api-keys", auth: "admin", personOnly: true, body: CreateApiKeyInput },
    async ({ auth, body }) => {
      const { apiKey, secret } = await createApiKey({ db: auth.db, accountId: auth.accountId, name: body.name });
      const created: CreatedApiKeyDto = { apiKey: serializeApiKey(apiKey), secret };
      return json(created, 201, { "Cache-Control": "no-store" });
    },
  ),
});
