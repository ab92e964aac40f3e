import { updateAccount } from "@/lib/account/update-account";
import { endpoints, json, route } from "@/lib/http/route";
import { UpdateAccountInput } from "@/lib/schemas/account-input";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account", {
  PATCH: route({ operation: "PATCH /account", auth: "admin", body: UpdateAccountInput }, async ({ auth, body }) =>
    json(await updateAccount({ accountId: auth.accountId, input: body })),
  ),
});
