/** The studio's terms page in the visitor's language (both paths show the same page), at `version` if given. */
export function termsPath(slug: string, locale: string, version?: number | null): string {
  const page = locale === "en" ? "terms" : "vilkaar";
  return `/${slug}/${page}${version ? `?version=${version}` : ""}`;
}
