import { grantEntitlement } from "@/lib/commerce/grant-entitlement";
import { endpoints, json, route } from "@/lib/http/route";
import { GrantEntitlementInput, GrantEntitlementParams, serializeEntitlement } from "@/lib/schemas/entitlement";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/entitlements", {
  POST: route(
    {
      operation: "POST /users/{userId}/entitlements",
      auth: "admin",
      params: GrantEntitlementParams,
      body: GrantEntitlementInput,
    },
    async ({ auth, params, body }) =>
      json(
        serializeEntitlement(
          await grantEntitlement({ db: auth.db, accountId: auth.accountId, userId: params.userId, input: body }),
        ),
        201,
      ),
  ),
});
