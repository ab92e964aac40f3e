import { getDineroSettings, updateDineroSettings } from "@/lib/accounting/dinero-settings";
import { endpoints, json, route } from "@/lib/http/route";
import { UpdateDineroSettingsInput } from "@/lib/schemas/dinero";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account/accounting/dinero", {
  GET: route({ operation: "GET /account/accounting/dinero", auth: "admin" }, async ({ auth }) =>
    json(await getDineroSettings({ db: auth.db })),
  ),
  PATCH: route(
    { operation: "PATCH /account/accounting/dinero", auth: "admin", body: UpdateDineroSettingsInput },
    async ({ auth, body }) => json(await updateDineroSettings({ db: auth.db, accountId: auth.accountId, input: body })),
  ),
});
