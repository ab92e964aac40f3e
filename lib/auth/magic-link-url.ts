import "server-only";
import { env } from "@/lib/env";

/**
 * The emailed link: a page of the web UI that consumes the token only on a button press, and then
 * goes to `returnTo` (a path of this site, checked by safeReturnTo before it gets here and again there).
 */
export function magicLinkUrl(token: string, returnTo?: string | null): string {
  const back = returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : "";
  return `${env().APP_URL}/sign-in/verify?token=${encodeURIComponent(token)}${back}`;
}
