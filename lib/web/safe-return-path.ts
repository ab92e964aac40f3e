/**
 * A `returnTo` a page may send the visitor back to: a path on this site only (`/studio/classes/…`,
 * with its query), never another origin. Accepted: a string of at most 2,000 characters that starts
 * with exactly one `/` and holds no `\` (browsers read `/\evil.example` as `//evil.example`), no
 * control character or whitespace, and no `//` anywhere (a protocol-relative URL, or one hidden
 * after a dot segment). Anything else: null, and the caller uses its own default.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.includes("//") || value.includes("\\")) return null;
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return null;
  // The path as a browser resolves it must stay on our origin (percent-encoded slashes and the like).
  try {
    const base = "https://origin.invalid";
    const url = new URL(value, base);
    if (url.origin !== base || url.pathname.startsWith("//")) return null;
  } catch {
    return null;
  }
  return value;
}
