import { signUp } from "@/lib/auth/sign-up";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { visitorLocale } from "@/lib/http/visitor-locale";
import { SignUpInput } from "@/lib/schemas/auth";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/auth/signup", {
  POST: route({ operation: "POST /auth/signup", auth: "none", body: SignUpInput }, async ({ body, request }) => {
    const { account, user, magicLink } = await signUp({
      ...body,
      clientIp: clientIp(request.headers),
      askedOn: visitorLocale(request),
    });
    // Only a demo deployment hands the token back (decisions §2); elsewhere it travels by email only.
    const link = env().DEMO_MODE
      ? { expiresAt: magicLink.expiresAt.toISOString(), token: magicLink.token }
      : { expiresAt: magicLink.expiresAt.toISOString() };
    return json({ account, user, magicLink: link }, 201);
  }),
});
