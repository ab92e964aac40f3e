import { assertDemoEnabled } from "@/lib/demo/assert-demo-enabled";
import { DEMO_SESSION_COOKIE, demoCookieOptions } from "@/lib/demo/demo-cookie";
import { endDemoSession } from "@/lib/demo/end-demo-session";
import { startDemoSession } from "@/lib/demo/start-demo-session";
import { parseBody } from "@/lib/http/parse-input";
import { endpoints, json, noContent, route } from "@/lib/http/route";
import { DemoLoginInput, type DemoLoginDto } from "@/lib/schemas/demo";

// The body is read after the demo-mode check: a disabled demo answers 404 whatever is sent.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/demo-auth/session", {
  POST: route({ operation: "POST /demo-auth/session", auth: "none" }, async ({ request }) => {
    assertDemoEnabled();
    const body = await parseBody(DemoLoginInput, request);
    const session = await startDemoSession({ ...body, previousToken: request.cookies.get(DEMO_SESSION_COOKIE)?.value });
    const response = json({ persona: session.persona, userId: session.userId } satisfies DemoLoginDto, 201, {
      "Cache-Control": "no-store",
    });
    response.cookies.set(DEMO_SESSION_COOKIE, session.token, demoCookieOptions());
    return response;
  }),
  DELETE: route({ operation: "DELETE /demo-auth/session", auth: "none" }, async ({ request }) => {
    await endDemoSession({ token: request.cookies.get(DEMO_SESSION_COOKIE)?.value });
    const response = noContent();
    response.cookies.set(DEMO_SESSION_COOKIE, "", demoCookieOptions(0));
    return response;
  }),
});
