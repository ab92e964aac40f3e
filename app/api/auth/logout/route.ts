import { logout } from "@/lib/auth/logout";
import { endpoints, noContent, route } from "@/lib/http/route";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/auth/logout", {
  POST: route({ operation: "POST /auth/logout", auth: "member", personOnly: true }, async ({ auth, request }) => {
    await logout({ tokenHash: auth.session.tokenHash });
    const response = noContent();
    // A browser that signed in with a cookie also loses the cookie that carried the session.
    if (auth.session.via === "cookie") {
      const name = request.cookies.has(SESSION_COOKIE) ? SESSION_COOKIE : DEMO_SESSION_COOKIE;
      response.cookies.set(name, "", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 0 });
    }
    return response;
  }),
});
