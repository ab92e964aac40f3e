import { requestMagicLink } from "@/lib/auth/request-magic-link";
import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { visitorLocale } from "@/lib/http/visitor-locale";
import { MagicLinkRequestInput } from "@/lib/schemas/auth";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/auth/magic-links", {
  POST: route({ operation: "POST /auth/magic-links", auth: "none", body: MagicLinkRequestInput }, async ({ body, request }) => {
    const { expiresAt } = await requestMagicLink({
      ...body,
      clientIp: clientIp(request.headers),
      askedOn: visitorLocale(request),
    });
    return json({ expiresAt: expiresAt.toISOString() }, 202);
  }),
});
