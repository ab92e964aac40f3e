import { listPersonEntitlements } from "@/lib/commerce/list-person-entitlements";
import { readHousehold } from "@/lib/households/household-scope";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeEntitlement } from "@/lib/schemas/entitlement";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/entitlements", {
  GET: route({ operation: "GET /me/entitlements", auth: "member", personOnly: true }, async ({ auth }) => {
    const now = new Date();
    return json(
      (
        await listPersonEntitlements({
          db: auth.db,
          userId: auth.userId,
          household: await readHousehold(auth.db, auth.userId),
        })
      ).map((e) => serializeEntitlement(e, now)),
    );
  }),
});
