import "server-only";
import { env } from "@/lib/env";

/** The emailed link: a page of the web UI that consumes the token only on a button press. */
export function magicLinkUrl(token: string): string {
  return `${env().APP_URL}/sign-in/verify?token=${encodeURIComponent(token)}`;
}
