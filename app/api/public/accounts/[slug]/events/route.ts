import { endpoints, json, route } from "@/lib/http/route";
import { SlugParams } from "@/lib/schemas/demo";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";

// The public programme arrives with the programme issue; until then an active account has none.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/public/accounts/{slug}/events", {
  GET: route(
    { operation: "GET /public/accounts/{slug}/events", auth: "none", params: SlugParams },
    async ({ params }) => {
      await getPublicAccountOrThrow(params);
      return json({ events: [], instances: [] });
    },
  ),
});
