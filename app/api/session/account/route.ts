import { switchAccount } from "@/lib/auth/switch-account";
import { endpoints, json, route } from "@/lib/http/route";
import { SwitchAccountInput } from "@/lib/schemas/auth";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/session/account", {
  POST: route(
    { operation: "POST /session/account", auth: "member", personOnly: true, body: SwitchAccountInput },
    async ({ auth, body }) =>
      json(await switchAccount({ userId: auth.userId, session: auth.session, accountId: body.accountId })),
  ),
});
