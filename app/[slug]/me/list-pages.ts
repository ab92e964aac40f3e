import type { ListPages } from "@/components/ui/list-pager";
import type { Zoned } from "@/lib/format/dates";
import { encodeCursor, InstantIdKey, readCursor } from "@/lib/schemas/page";
import type { MemberOverview } from "@/lib/users/get-person-overview";

export { ListPager, type ListPages } from "@/components/ui/list-pager";

/** The member's paged lists (past bookings, ended passes, receipts): each one's cursor and anchor. */
export const CURSORS = ["pastAfter", "passesAfter", "receiptsAfter"] as const;
export type CursorName = (typeof CURSORS)[number];
const ANCHORS = { pastAfter: "past", passesAfter: "passes", receiptsAfter: "receipts" } as const;

/** The well-formed cursors of the page's query (others are dropped: their list's newest page). */
export function readCursors(
  query: Partial<Record<CursorName, string | undefined>>,
): Partial<Record<CursorName, string>> {
  return Object.fromEntries(
    CURSORS.flatMap((name) => {
      const value = query[name];
      return typeof value === "string" && readCursor(InstantIdKey, value) ? [[name, value]] : [];
    }),
  );
}

/** A cursor as the read model takes it. */
export function cursorKey(cursors: Partial<Record<CursorName, string>>, name: CursorName) {
  return readCursor(InstantIdKey, cursors[name]);
}

/** A link to a page of one of the member's lists (`key` null: its newest), the other lists' pages kept. */
function pageHref(
  slug: string,
  cursors: Partial<Record<CursorName, string>>,
  name: CursorName,
  key: readonly [Date, string] | null,
) {
  const search = new URLSearchParams(
    Object.entries(cursors).filter((entry): entry is [string, string] => entry[0] !== name && entry[1] !== undefined),
  );
  if (key) search.set(name, encodeCursor([key[0].toISOString(), key[1]]));
  return `/${slug}/me${search.size > 0 ? `?${search}` : ""}#${ANCHORS[name]}`;
}

/** The links to the newest and the older page of list `name`. */
export function listPages(
  slug: string,
  cursors: Partial<Record<CursorName, string>>,
  name: CursorName,
  next: readonly [Date, string] | null,
): ListPages {
  return {
    newest: cursors[name] ? pageHref(slug, cursors, name, null) : null,
    older: next ? pageHref(slug, cursors, name, next) : null,
  };
}

/** The studio as the member's sections need it. */
export type MemberStudio = { slug: string; cancellationWindowHours: number };

/** What each of the member page's list sections is given: their read model, the studio, how dates are shown. */
export type MemberSectionProps = { overview: MemberOverview; studio: MemberStudio; where: Zoned };
