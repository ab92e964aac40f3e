import type { Persona } from "./persona";

/**
 * Where a sign-in link lands when it names no page to return to: staff (administrators and
 * teachers) on the dashboard, where their work is; attendees on the studio's schedule, where they
 * book. Without a known slug, the home page.
 */
export function landingPath({ persona, slug }: { persona: Persona; slug: string | undefined }): string {
  if (persona === "administrator" || persona === "teacher") return "/dashboard";
  return slug !== undefined ? `/${encodeURIComponent(slug)}` : "/";
}
