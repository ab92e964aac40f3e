/** The studio's withdrawal page in the page's language (`/<slug>/fortryd`, `/<slug>/withdraw`: the same page), for `orderId` when given. */
export function withdrawalPath(slug: string, locale: string, orderId?: string): string {
  const path = `/${encodeURIComponent(slug)}/${locale === "da" ? "fortryd" : "withdraw"}`;
  return orderId ? `${path}?order=${encodeURIComponent(orderId)}` : path;
}
