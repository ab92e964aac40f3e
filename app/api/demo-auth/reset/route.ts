import { assertDemoEnabled } from "@/lib/demo/assert-demo-enabled";
import { DEMO_SESSION_COOKIE, demoCookieOptions } from "@/lib/demo/demo-cookie";
import { resetDemo } from "@/lib/demo/reset-demo";
import { endpoints, noContent, route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/demo-auth/reset", {
  POST: route({ operation: "POST /demo-auth/reset", auth: "none", sameOriginOnly: true }, async () => {
    assertDemoEnabled();
    await resetDemo();
    // every demo session ended with the old tenant: drop the caller's stale cookie too
    const response = noContent();
    response.cookies.set(DEMO_SESSION_COOKIE, "", demoCookieOptions(0));
    return response;
  }),
});
