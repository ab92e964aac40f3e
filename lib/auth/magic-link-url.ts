import "server-only";
import { env } from "@/lib/env";

/**
 * The emailed link: a page of the web UI that consumes the token only on a button press, and then
 * goes to `returnTo` (a path of this site, checked by safeReturnTo before it gets here and again
 * there). It names the studio it signs into, so the page speaks that studio's language to a visitor
 * who has not chosen one (lib/web/request-locale.ts), like the studio's own sign-in page.
 */
export function magicLinkUrl(token: string, accountSlug: string, returnTo?: string | null): string {
  const query = new URLSearchParams({ token, account: accountSlug, ...(returnTo ? { returnTo } : {}) });
  return `${env().APP_URL}/sign-in/verify?${query}`;
}
