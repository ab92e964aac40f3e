import { AccountIdParams } from "@/lib/schemas/auth";
import { PublishTermsInput, TermsVersionQuery, TermsVersionSchema } from "@/lib/schemas/terms";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const admin = authFor("admin");

registry.registerPath({
  method: "put",
  path: "/account/terms",
  operationId: "publishTerms",
  tags: ["Account"],
  summary: "Publish the studio's terms of sale as their next version",
  description:
    "Each publish is a new version (1, 2, 3, …), in force from its `publishedAt`; a version is never changed. From the " +
    "first publish on, `POST /checkout` needs `acceptTerms: true`, and each order keeps the version it was bought " +
    "under (`termsVersion`). Markdown, at most 50,000 characters in each language (400 `Validation failed`); the body " +
    "may be up to 400 kB.",
  security: admin.security,
  request: { body: jsonBody(PublishTermsInput) },
  responses: {
    201: jsonResponse("The version published", TermsVersionSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "get",
  path: "/account/terms",
  operationId: "listTermsVersions",
  tags: ["Account"],
  summary: "Every published version of the studio's terms, newest (in force) first",
  description: "An empty list while the studio has published none (it then sells without terms to accept).",
  security: admin.security,
  responses: { 200: jsonResponse("The versions", z.array(TermsVersionSchema)), ...admin.responses },
});

registry.registerPath({
  method: "get",
  path: "/accounts/{accountId}/terms",
  operationId: "getPublicTerms",
  tags: ["System"],
  summary: "A studio's terms of sale in force, or an earlier version",
  description:
    "The current version, or the one `version` names (a receipt links the version its order was bought under). 404 " +
    "for an unknown or suspended studio, one that has published no terms, and a version it does not have.",
  security: [],
  request: { params: AccountIdParams, query: TermsVersionQuery },
  responses: {
    200: jsonResponse("The terms", TermsVersionSchema),
    400: errorResponse(400),
    404: errorResponse(404),
  },
});
