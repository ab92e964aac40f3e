import { cancelSubscription } from "@/lib/commerce/cancel-subscription";
import { endpoints, json, route } from "@/lib/http/route";
import { EntitlementIdParams, serializeEntitlement } from "@/lib/schemas/entitlement";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/entitlements/{entitlementId}/cancel", {
  POST: route(
    {
      operation: "POST /me/entitlements/{entitlementId}/cancel",
      auth: "member",
      personOnly: true,
      params: EntitlementIdParams,
    },
    async ({ auth, params }) =>
      json(
        serializeEntitlement(
          await cancelSubscription({ db: auth.db, entitlementId: params.entitlementId, ownerId: auth.userId }),
        ),
      ),
  ),
});
