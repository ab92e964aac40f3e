import { getSummary } from "@/lib/admin/get-summary";
import { endpoints, json, route } from "@/lib/http/route";
import { SummaryQuery } from "@/lib/schemas/summary";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/admin/summary", {
  GET: route({ operation: "GET /admin/summary", auth: "admin", query: SummaryQuery }, async ({ auth, query }) =>
    json(await getSummary({ db: auth.db, accountId: auth.accountId, ...query })),
  ),
});
