import "server-only";
import { env } from "@/lib/env";

/**
 * The emailed link: a page of the web UI that consumes the token only on a button press. It names
 * the studio it signs into, so the page speaks that studio's language to a visitor who has not
 * chosen one (lib/web/request-locale.ts), like the studio's own sign-in page.
 */
export function magicLinkUrl(token: string, accountSlug: string): string {
  const query = new URLSearchParams({ token, account: accountSlug });
  return `${env().APP_URL}/sign-in/verify?${query}`;
}
