import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

/**
 * Keyset pages (GET /users, GET /orders): `limit` asks for a page, `cursor` continues after the
 * page that gave it. A cursor is opaque to callers: the base64url JSON of the last row's sort key,
 * read back by `cursorKey` with the list's own key schema (anything else answers 400).
 */
export const PageParams = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      type: "integer",
      minimum: 1,
      maximum: 200,
      example: 50,
      description:
        "Answer one page of at most this many rows, with `Link: <…>; rel=next` (RFC 8288) while more remain. " +
        "Without it the whole list.",
    }),
  cursor: z.string().max(1000).optional().openapi({
    example: "WyJJZGEgSG9sbSIsImlkYUBleGFtcGxlLmNvbSJd",
    description: "From the previous page's `Link` (rel=next); opaque. Only with `limit`.",
  }),
};

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/** The key a cursor carries, or an issue on `cursor` (400) when this list did not give it. */
export function cursorKey<K extends z.ZodType>(
  schema: K,
  cursor: string | undefined,
  context: z.RefinementCtx,
): z.infer<K> | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = /^[A-Za-z0-9_-]+$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))
      : undefined;
  } catch {
    decoded = undefined;
  }
  const parsed = schema.safeParse(decoded);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_invalid") });
  return undefined;
}

/** The key a cursor carries, or undefined when it is not one of this list's (a page's link: a bad one shows the first page). */
export function readCursor<K extends z.ZodType>(schema: K, cursor: string | undefined): z.infer<K> | undefined {
  if (cursor === undefined || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A page of rows and the sort key of its last row when more remain. */
export type Page<T, K> = { items: T[]; next: K | null };

/** Splits the `limit + 1` rows a keyset query read into the page and the key to continue after. */
export function toPage<T, K>(rows: T[], limit: number | undefined, keyOf: (row: T) => K): Page<T, K> {
  if (limit === undefined || rows.length <= limit) return { items: rows, next: null };
  const items = rows.slice(0, limit);
  return { items, next: keyOf(items[items.length - 1]!) };
}

/** A page link's key of a list sorted by an instant, then an id (a person's past bookings, their orders). */
export const InstantIdKey = z
  .tuple([z.iso.datetime(), z.string().min(1).max(100)])
  .transform(([at, id]) => [new Date(at), id] as const);

/** The sort key of a list newest first: when a row was created, then its id, both descending. */
export type CreatedKey = readonly [Date, string];

/** The order of a list newest first (then by id, so that a page ends at a row and the next begins after it). */
export function newestFirst() {
  return [{ createdAt: "desc" as const }, { id: "desc" as const }];
}

/**
 * Rows created before `after` (a newest-first keyset page's continuation), or every row when there is
 * none. `createdAt ≤` as well: the bound an index (…, createdAt, id) starts its backward scan at, so that
 * a page deep in the list does not read every newer row (Prisma cannot write a row comparison).
 */
export function createdBefore(after: readonly [Date | string, string] | undefined) {
  if (!after) return {};
  const [at, id] = after;
  return { createdAt: { lte: at }, OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] };
}
