import { grantEntitlement } from "@/lib/commerce/grant-entitlement";
import { listPersonEntitlements } from "@/lib/commerce/list-person-entitlements";
import { endpoints, json, route } from "@/lib/http/route";
import { GrantEntitlementInput, GrantEntitlementParams, serializeEntitlement } from "@/lib/schemas/entitlement";
import { UserIdParams } from "@/lib/schemas/user-input";
import { getMemberOrThrow } from "@/lib/users/get-member-or-throw";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/entitlements", {
  GET: route(
    { operation: "GET /users/{userId}/entitlements", auth: "admin", params: UserIdParams },
    async ({ auth, params }) => {
      await getMemberOrThrow({ db: auth.db, userId: params.userId });
      const now = new Date();
      return json(
        (await listPersonEntitlements({ db: auth.db, userId: params.userId })).map((e) => serializeEntitlement(e, now)),
      );
    },
  ),
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
