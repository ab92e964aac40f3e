import { getAccountSettings } from "@/lib/account/get-account-settings";
import { updateAccount } from "@/lib/account/update-account";
import { endpoints, json, route } from "@/lib/http/route";
import { UpdateAccountInput } from "@/lib/schemas/account-input";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account", {
  GET: route({ operation: "GET /account", auth: "admin" }, async ({ auth }) =>
    json(await getAccountSettings({ accountId: auth.accountId })),
  ),
  PATCH: route({ operation: "PATCH /account", auth: "admin", body: UpdateAccountInput }, async ({ auth, body }) =>
    json(await updateAccount({ accountId: auth.accountId, input: body })),
  ),
});
