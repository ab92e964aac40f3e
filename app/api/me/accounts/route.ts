import { endpoints, json, route } from "@/lib/http/route";
import { listMyAccounts } from "@/lib/users/list-my-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/accounts", {
  GET: route({ operation: "GET /me/accounts", auth: "member", personOnly: true }, async ({ auth }) =>
    json(await listMyAccounts({ userId: auth.userId, activeAccountId: auth.accountId })),
  ),
});
