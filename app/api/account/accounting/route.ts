import { getAccountingSettings, updateAccountingSettings } from "@/lib/accounting/accounting-settings";
import { endpoints, json, route } from "@/lib/http/route";
import { UpdateAccountingSettingsInput } from "@/lib/schemas/accounting";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account/accounting", {
  GET: route({ operation: "GET /account/accounting", auth: "admin" }, async ({ auth }) =>
    json(await getAccountingSettings({ db: auth.db, accountId: auth.accountId })),
  ),
  PATCH: route(
    { operation: "PATCH /account/accounting", auth: "admin", body: UpdateAccountingSettingsInput },
    async ({ auth, body }) =>
      json(await updateAccountingSettings({ db: auth.db, accountId: auth.accountId, input: body })),
  ),
});
