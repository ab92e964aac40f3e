import { pauseEntitlement } from "@/lib/commerce/pause-entitlement";
import { endpoints, json, route } from "@/lib/http/route";
import { EntitlementIdParams, PauseEntitlementInput, serializeEntitlement } from "@/lib/schemas/entitlement";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/entitlements/{entitlementId}/pause", {
  POST: route(
    {
      operation: "POST /entitlements/{entitlementId}/pause",
      auth: "admin",
      params: EntitlementIdParams,
      body: PauseEntitlementInput,
    },
    async ({ auth, params, body }) => {
      const { entitlement } = await pauseEntitlement({ db: auth.db, entitlementId: params.entitlementId, input: body });
      return json(serializeEntitlement(entitlement));
    },
  ),
});
