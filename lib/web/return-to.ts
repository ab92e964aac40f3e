/** The longest path a sign-in carries back (an emailed link stays well under any mail client's limit). */
const MAX_LENGTH = 500;
const ORIGIN = "http://return-to.invalid";

/**
 * Where a sign-in returns the person: a path of this site (`/demo/classes/…?x=1#y`), or null when
 * `value` is anything else. Never an absolute URL (`https://…`), a protocol-relative one (`//evil`,
 * `/\evil`, which browsers read as `//evil`), a backslash or a control character, so a link we send
 * can never carry a visitor to another site. The one check of every returnTo (pages, actions, email).
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Backslashes and control characters (tab, newline, DEL, C1): browsers drop or rewrite them.
  if (/[\\\u0000-\u001f\u007f-\u009f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that normalizes to a protocol-relative one (`/.//evil`) is refused as well.
  return path.startsWith("//") ? null : path;
}
