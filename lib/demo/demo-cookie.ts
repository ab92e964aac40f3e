import "server-only";
import { DEMO_SESSION_LIFETIME_MS } from "@/lib/auth/create-session";
import { env } from "@/lib/env";
import { DEMO_SESSION_COOKIE } from "@/lib/auth/session-cookies";

export { DEMO_SESSION_COOKIE };

/** Attributes of the `demo_session` cookie (decisions §2); `maxAge` 0 clears it. */
export function demoCookieOptions(maxAge = DEMO_SESSION_LIFETIME_MS / 1000) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    maxAge,
    secure: env().APP_URL.startsWith("https:"),
  };
}
