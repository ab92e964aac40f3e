import { endpoints, json, route } from "@/lib/http/route";
import { AccountIdParams } from "@/lib/schemas/auth";
import { serializeTermsVersion, TermsVersionQuery } from "@/lib/schemas/terms";
import { getPublicTermsOrThrow } from "@/lib/terms/get-public-terms-or-throw";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/accounts/{accountId}/terms", {
  GET: route(
    { operation: "GET /accounts/{accountId}/terms", auth: "none", params: AccountIdParams, query: TermsVersionQuery },
    async ({ params, query }) => json(serializeTermsVersion(await getPublicTermsOrThrow({ ...params, ...query }))),
  ),
});
