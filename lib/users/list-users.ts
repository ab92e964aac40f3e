import "server-only";
import { Prisma } from "@prisma/client";
import type { Persona } from "@/lib/auth/persona";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { toPage, type Page } from "@/lib/schemas/page";
import { serializeUser, type PersonDto, type PersonKey } from "@/lib/schemas/user";
import { peopleSearchKey } from "./people-search-key";

export type ListUsersOptions = {
  db: TenantDb;
  accountId: string;
  /** Who asks: an administrator lists; a teacher only searches (`q`), and is answered PersonSummary rows (the route). */
  viewer: Persona;
  q?: string;
  persona?: Persona;
  /** A page of at most this many; without it every match. */
  limit?: number;
  /** Continue after this sort key (the previous page's last row). */
  after?: PersonKey;
  /**
   * The page that ends just before this sort key (the dashboard's "previous" link: the next page's
   * first row); then `next` is the key of the row before the page when more remain that way.
   */
  before?: PersonKey;
};

/**
 * The same search once more as one LIKE per word of `q` (its first folded word), which the trigram
 * index Membership_searchKey_trgm_idx answers on PostgreSQL (issue 16 §5: a big studio's search
 * must not read every member); the NOT EXISTS above stays the exact condition. Folded words hold no
 * LIKE wildcard (people_search_key makes ASCII punctuation a word break). Words that fold to nothing
 * (peopleSearchKey, its TypeScript twin) are left out: '% %' would ask the index for every row.
 */
function wordPrefilter(q: string): Prisma.Sql {
  const words = q.split(/\s+/).filter((word) => peopleSearchKey(word).trim() !== "");
  if (words.length === 0) return Prisma.empty;
  return Prisma.join(
    words.map(
      (word) => Prisma.sql`AND m."searchKey" LIKE '% ' || split_part(btrim(people_search_key(${word})), ' ', 1) || '%'`,
    ),
    " ",
    "",
    "",
  );
}

type Row = {
  id: string;
  email: string;
  displayName: string;
  status: string;
  dateOfBirth: Date | null;
  guardianId: string | null;
  persona: Persona;
};

/**
 * The people holding a membership in the account, each with the persona held there, by display
 * name then email (a keyset: pages never skip or repeat a person when names tie). `q` keeps those
 * whose name or email has, for every word of `q`, a word beginning with it, compared as
 * people_search_key folds them (prisma/sql/functions/people_search_key.sql: case, accents, ø, æ, and
 * "oe", "aa" read as ø, å).
 */
export async function listUsers(
  options: ListUsersOptions,
): Promise<Page<PersonDto, PersonKey> & { firstKey: PersonKey | null; lastKey: PersonKey | null }> {
  const { db, accountId, viewer, q, persona, limit, after, before } = options;
  if (viewer === "attendee" || (viewer === "teacher" && q === undefined)) throw new AppError("insufficient_permission");
  // Membership carries copies of the name, email and search key (docs/decisions/0014): the filter,
  // the order and the keyset run on its index (accountId, displayName, email); User adds the rest.
  // A search (q) also has the trigram index of "searchKey" (PostgreSQL; see wordPrefilter).
  const where = Prisma.sql`m."accountId" = ${accountId}
       ${persona ? Prisma.sql`AND m.persona = ${persona}` : Prisma.empty}
       ${
         q === undefined
           ? Prisma.empty
           : Prisma.sql`AND NOT EXISTS (
             SELECT 1 FROM unnest(string_to_array(btrim(people_search_key(${q})), ' ')) AS q(word)
              WHERE strpos(m."searchKey", ' ' || q.word) = 0) ${wordPrefilter(q)}`
       }
       ${after ? Prisma.sql`AND (m."displayName", m.email) > (${after[0]}, ${after[1]})` : Prisma.empty}
       ${before ? Prisma.sql`AND (m."displayName", m.email) < (${before[0]}, ${before[1]})` : Prisma.empty}`;
  // A search finds its matches first (on the trigram index), then orders them: left to choose, the
  // planner may walk the (accountId, displayName, email) index for the LIMIT instead and read every
  // member of a big studio to find a rare name's few (it cannot tell how many LIKE '% word%' keeps).
  // The page is cut before User is joined: a broad search's thousands of matches are sorted narrow.
  const order = before ? Prisma.sql`m."displayName" DESC, m.email DESC` : Prisma.sql`m."displayName", m.email`;
  const rows = await db.$queryRaw<Row[]>`
    ${
      q === undefined
        ? Prisma.empty
        : Prisma.sql`WITH matches AS MATERIALIZED (
            SELECT m."userId", m.email, m."displayName", m.persona FROM "Membership" m WHERE ${where})`
    }
    SELECT u.id, m.email, m."displayName", u.status, u."dateOfBirth", u."guardianId", m.persona
      FROM (SELECT m."userId", m.email, m."displayName", m.persona
              FROM ${q === undefined ? Prisma.sql`"Membership" m WHERE ${where}` : Prisma.sql`matches m`}
             ORDER BY ${order} ${limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit + 1}`}) m
      JOIN "User" u ON u.id = m."userId"
     ORDER BY ${order}`;
  const keyOf = (row: Row): PersonKey => [row.displayName, row.email];
  const page = toPage(rows, limit, keyOf);
  if (before) page.items.reverse();
  const [first, last] = [page.items[0], page.items[page.items.length - 1]];
  return {
    next: page.next,
    items: page.items.map((row) => ({ ...serializeUser(row), persona: row.persona })),
    // The page's ends as sort keys (the dashboard's previous and next links): a person's stored
    // email, which the answer does not show for one without an address (a stand-in).
    firstKey: first ? keyOf(first) : null,
    lastKey: last ? keyOf(last) : null,
  };
}
