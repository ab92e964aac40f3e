import { ApiKeyParams, ApiKeySchema, CreateApiKeyInput, CreatedApiKeySchema } from "@/lib/schemas/api-key";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Account"];
// An administrator, signed in: an API key cannot mint or revoke keys (docs/decisions/0021).
const admin = authFor("admin", { personOnly: true });
const adminOnly403 = {
  ...errorResponse(403),
  description: "Insufficient permission: not an administrator, or an API key (keys are managed by people)",
};

registry.registerPath({
  method: "get",
  path: "/api-keys",
  operationId: "listApiKeys",
  tags,
  summary: "The account's API keys (newest first), never their secrets",
  security: admin.security,
  responses: { 200: jsonResponse("The keys", z.array(ApiKeySchema)), ...admin.responses, 403: adminOnly403 },
});

registry.registerPath({
  method: "post",
  path: "/api-keys",
  operationId: "createApiKey",
  tags,
  summary: "Create an API key for an integrator",
  description:
    "`name` (1–100 characters) says what the key is for. The answer carries the key's `secret` (`sbk_` and 43 " +
    "characters): shown in this answer only, stored only as its SHA-256, never logged. `Authorization: Bearer <secret>` " +
    "then acts as an administrator of this account for account-scoped operations; a person's own operations answer it " +
    "403, and it is limited to `API_KEY_RATE_LIMIT_PER_MINUTE` requests a minute (429 with `Retry-After`). " +
    "`Idempotency-Key` values are kept per key. A key of a suspended account answers 401.",
  security: admin.security,
  request: { body: jsonBody(CreateApiKeyInput) },
  responses: {
    201: jsonResponse("The new key and its secret (shown once)", CreatedApiKeySchema),
    400: errorResponse(400),
    ...admin.responses,
    403: adminOnly403,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "delete",
  path: "/api-keys/{apiKeyId}",
  operationId: "revokeApiKey",
  tags,
  summary: "Revoke an API key",
  description: "The key answers 401 from now on. Another account's key: 404.",
  security: admin.security,
  request: { params: ApiKeyParams },
  responses: {
    204: { description: "Revoked" },
    ...admin.responses,
    403: adminOnly403,
    404: errorResponse(404),
  },
});
