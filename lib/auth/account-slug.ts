/**
 * Public slugs that must never belong to a tenant: top-level paths of the web UI and the canonical
 * demo tenant's slug (the demo seed creates that one itself).
 */
const RESERVED = new Set([
  "api", "docs", "sign-in", "sign-up", "sign-out", "signin", "signup", "login", "logout", "demo", "admin", "app",
  "account", "accounts", "me", "settings", "public", "static", "assets", "_next", "health", "metrics", "new",
]);

const TRANSLITERATION: Record<string, string> = { æ: "ae", ø: "oe", å: "aa", ß: "ss", œ: "oe", ð: "d", þ: "th", ł: "l" };

/** A URL-safe slug from an account name: "Yoga på Nørrebro" → "yoga-paa-noerrebro". */
export function slugFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[æøåßœðþł]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return slug.length >= 2 && !RESERVED.has(slug) ? slug : `studio${slug ? `-${slug}` : ""}`;
}

/** Whether a value has the shape of a slug (lower-case letters, digits, dashes): only such are looked up or echoed. */
export function looksLikeSlug(value: unknown): value is string {
  return typeof value === "string" && /^[a-z0-9-]{1,100}$/.test(value);
}

/** The first of `base`, `base-2`, `base-3`, … that is not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
