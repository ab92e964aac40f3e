import { getDemoAccountOrThrow } from "@/lib/demo/get-demo-account-or-throw";
import { listDemoPeople } from "@/lib/demo/list-demo-people";
import { parseQuery } from "@/lib/http/parse-input";
import { endpoints, json, route } from "@/lib/http/route";
import { DemoUsersQuery } from "@/lib/schemas/demo";
import { serializeUser } from "@/lib/schemas/user";

// The query is read after the demo-mode check: a disabled demo answers 404 whatever is sent.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/demo-auth/users", {
  GET: route({ operation: "GET /demo-auth/users", auth: "none" }, async ({ request }) => {
    const account = await getDemoAccountOrThrow();
    const { persona } = parseQuery(DemoUsersQuery, request);
    return json((await listDemoPeople({ accountId: account.id, persona })).map(serializeUser));
  }),
});
