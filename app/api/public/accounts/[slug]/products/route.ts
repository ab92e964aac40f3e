import { endpoints, json, route } from "@/lib/http/route";
import { SlugParams } from "@/lib/schemas/demo";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";

// Products arrive with the commerce issue; until then an active account offers none.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/public/accounts/{slug}/products", {
  GET: route(
    { operation: "GET /public/accounts/{slug}/products", auth: "none", params: SlugParams },
    async ({ params }) => {
      await getPublicAccountOrThrow(params);
      return json([]);
    },
  ),
});
