import { consumeMagicLink } from "@/lib/auth/consume-magic-link";
import { endpoints, json, route } from "@/lib/http/route";
import { ConsumeMagicLinkInput } from "@/lib/schemas/auth";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/auth/magic-links/consume", {
  POST: route({ operation: "POST /auth/magic-links/consume", auth: "none", body: ConsumeMagicLinkInput }, async ({ body }) => {
    const { session, user, membership } = await consumeMagicLink({ token: body.token, kind: "bearer" });
    return json({ session, user, membership });
  }),
});
