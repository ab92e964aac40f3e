import { endpoints, json, route } from "@/lib/http/route";
import { serializeAccount } from "@/lib/schemas/account";
import { SlugParams } from "@/lib/schemas/demo";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/public/accounts/{slug}", {
  GET: route({ operation: "GET /public/accounts/{slug}", auth: "none", params: SlugParams }, async ({ params }) =>
    json(serializeAccount(await getPublicAccountOrThrow(params))),
  ),
});
