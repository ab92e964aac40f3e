import { resumeEntitlement } from "@/lib/commerce/resume-entitlement";
import { endpoints, json, route } from "@/lib/http/route";
import { EntitlementIdParams, ResumeEntitlementInput, serializeEntitlement } from "@/lib/schemas/entitlement";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/entitlements/{entitlementId}/resume", {
  POST: route(
    {
      operation: "POST /entitlements/{entitlementId}/resume",
      auth: "admin",
      params: EntitlementIdParams,
      body: ResumeEntitlementInput,
    },
    async ({ auth, params, body }) =>
      json(
        serializeEntitlement(
          await resumeEntitlement({ db: auth.db, entitlementId: params.entitlementId, on: body?.on }),
        ),
      ),
  ),
});
