import { endpoints, json, route } from "@/lib/http/route";
import { PublishTermsInput, serializeTermsVersion, TERMS_MAX_BODY_BYTES } from "@/lib/schemas/terms";
import { listTermsVersions } from "@/lib/terms/list-terms-versions";
import { publishTerms } from "@/lib/terms/publish-terms";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account/terms", {
  GET: route({ operation: "GET /account/terms", auth: "admin" }, async ({ auth }) =>
    json((await listTermsVersions({ db: auth.db })).map(serializeTermsVersion)),
  ),
  PUT: route(
    { operation: "PUT /account/terms", auth: "admin", body: PublishTermsInput, maxBodyBytes: TERMS_MAX_BODY_BYTES },
    async ({ auth, body }) =>
      json(serializeTermsVersion(await publishTerms({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
