/**
 * Text PostgreSQL can store: `text` and `jsonb` refuse NUL, and an unpaired UTF-16 surrogate has no
 * UTF-8 form. The one owner of that rule: the route wrapper refuses such input before any schema
 * runs (lib/http/parse-input.ts), and lookups by a caller's text check it (lib/schemas/common.ts).
 */
export function isStorableText(text: string): boolean {
  return text.isWellFormed() && !text.includes("\u0000");
}

/** The path ("items.0.name") of the first string or key in a parsed input that is not storable. */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return isStorableText(value) ? undefined : path.join(".");
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, "(key)"].join(".");
    const found = findUnstorableText(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
