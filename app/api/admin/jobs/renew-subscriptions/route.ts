import { renewSubscriptions } from "@/lib/commerce/renew-subscriptions";
import { endpoints, json, route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/admin/jobs/renew-subscriptions", {
  POST: route({ operation: "POST /admin/jobs/renew-subscriptions", auth: "admin" }, async ({ auth }) =>
    json(await renewSubscriptions({ db: auth.db, accountId: auth.accountId })),
  ),
});
