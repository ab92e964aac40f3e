import { readText } from "@/components/forms/form-data";

/** A page of the studio's own site: `/{slug}` and `rest` (`/me?claimed=1`). */
export function studioPath(slug: string, rest: string): string {
  return `/${encodeURIComponent(slug)}${rest}`;
}

/**
 * The studio's gift card page in the page's language (`/<slug>/gavekort`, `/<slug>/gift-cards`: the
 * same page), with a card chosen (`product`) or a card's code to show (`kode`, the QR link of its PDF).
 */
export function giftCardPath(slug: string, locale: string, query: { product?: string; kode?: string } = {}): string {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  return studioPath(slug, `/${locale === "en" ? "gift-cards" : "gavekort"}${search.size > 0 ? `?${search}` : ""}`);
}

/** What every action of the studio's site refreshes after a success: all of its pages. */
export const studioSite = {
  revalidate: (formData: FormData) => `/${readText(formData, "slug") ?? ""}`,
  scope: "layout",
} as const;
