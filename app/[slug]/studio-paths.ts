import { readText } from "@/components/forms/form-data";

/** A page of the studio's own site: `/{slug}` and `rest` (`/me?claimed=1`). */
export function studioPath(slug: string, rest: string): string {
  return `/${encodeURIComponent(slug)}${rest}`;
}

/** What every action of the studio's site refreshes after a success: all of its pages. */
export const studioSite = {
  revalidate: (formData: FormData) => `/${readText(formData, "slug") ?? ""}`,
  scope: "layout",
} as const;
