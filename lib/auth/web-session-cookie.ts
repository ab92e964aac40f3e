import "server-only";
import { env } from "@/lib/env";
import { SESSION_COOKIE } from "./session-cookies";

/**
 * The web UI's own session cookie (decisions §2): the session token, HttpOnly, SameSite=Lax, Secure
 * when the app is served over https, for the session's whole 30-day life.
 */
export function webSessionCookie(session: { id: string; expiresAt: string }) {
  return {
    name: SESSION_COOKIE,
    value: session.id,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().APP_URL.startsWith("https://"),
    path: "/",
    expires: new Date(session.expiresAt),
  };
}
