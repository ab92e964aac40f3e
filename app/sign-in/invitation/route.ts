import { NextResponse } from "next/server";
import { openInvitation } from "@/lib/auth/open-invitation";
import { webSessionCookie } from "@/lib/auth/web-session-cookie";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

/**
 * An import's welcome link (lib/auth/invitation-links.ts): one tap signs the person in and lands
 * them on the studio's member page. A used or expired link opens the studio's sign-in page with
 * their email filled in and a line saying so. The token is in this URL: never logged, and the
 * answer is a redirect that no one caches and that names no Referer.
 */
export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const opened = await openInvitation({ token: query.get("token"), accountSlug: query.get("account") });
  const target = opened.signedIn
    ? `/${encodeURIComponent(opened.accountSlug)}/me`
    : `/sign-in?${new URLSearchParams({
        ...(opened.accountSlug ? { account: opened.accountSlug } : {}),
        ...(opened.email ? { email: opened.email } : {}),
        invitation: "spent",
      })}`;
  const response = NextResponse.redirect(new URL(target, env().APP_URL), 303);
  if (opened.signedIn) response.cookies.set(webSessionCookie(opened.session));
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
