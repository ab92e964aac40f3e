import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTenant } from "@/tests/helpers/fixtures";
import { peopleSearchKey } from "./people-search-key";

// people_search_key (prisma/sql/functions/people_search_key.sql) is the one fold of people search:
// the trigger user_search_key stores it, GET /users?q= folds the query with it. Run on both
// databases (PGlite's C locale and PostgreSQL's), it must answer the same, and the same as its
// TypeScript twin peopleSearchKey (lib/users/people-search-key.ts).

async function key(text: string): Promise<string> {
  const [row] = await db.$queryRaw<{ key: string }[]>`SELECT people_search_key(${text}) AS key`;
  return row!.key;
}

const FOLDS: [string, string][] = [
    ["Søren Kierkegaard", " soren kierkegard "],
    ["SØREN", " soren "],
    ["Ærø Ødegård Åse", " aero odegard ase "],
    ["Émile Brûlé-Çelik", " emile brule celik "],
    ["Straße Łukasz Đorđe", " strasse lukasz dorde "],
    ["ida.sorensen@Example.COM", " ida sorensen example com "],
    ["O'Brien,  Jr.\t(\"Bo\")", " o brien jr bo "],
    ["ﬁne ２０２６", " fine 2026 "], // compatibility forms (NFKD)
    ["", "  "], // no words
    ["%_\\", "  "], // no words: LIKE's wildcards are nothing special here
    // Danish written without its letters: "aa" is å, "oe" ø, "ae" æ, and the other way round.
    ["Søndergård", " sondergard "],
    ["soendergaard", " sondergard "],
    ["Soendergaard", " sondergard "],
    ["Mæhl", " maehl "],
    ["Maehl", " maehl "],
    ["Aabenraa Aase Åse", " abenra ase ase "],
    ["Joel Noe Aaen", " jol no aen "],
    ["Œuvre Søe ooee aaa", " ouvre so ooe aa "], // one pass, left to right: no spelling is read twice
];

describe("people_search_key", () => {
  it.each(FOLDS)("folds %j to %j", async (text, folded) => {
    expect(await key(text)).toBe(folded);
  });

  it.each([...FOLDS.map(([text]) => text), " Ida\u00a0Lund\u2003", "ÅÆØ åæø", "Zoë Ångström", "x\u0301y", "Ǆ ǅ"])(
    "answers the same as its TypeScript twin for %j",
    async (text) => {
      expect(peopleSearchKey(text)).toBe(await key(text));
    },
  );

  it("is what the trigger stores for every writer of a user", async () => {
    const user = await db.user.create({ data: { email: "Søren.K@example.com", displayName: "Søren Kierkegaard" } });
    expect(user.searchKey).toBe(await key("Søren Kierkegaard Søren.K@example.com"));
    const renamed = await db.user.update({ where: { id: user.id }, data: { displayName: "Åse Ørsted" } });
    expect(renamed.searchKey).toBe(" ase orsted soren k example com ");
    const [raw] = await db.$queryRaw<{ searchKey: string }[]>`
      UPDATE "User" SET email = 'ase@example.dk' WHERE id = ${user.id} RETURNING "searchKey"`;
    expect(raw!.searchKey).toBe(" ase orsted ase example dk ");
  });

  it("is copied, with the name and email, onto the user's memberships and kept in step", async () => {
    const [a, b] = [await createTenant(), await createTenant()];
    const user = await db.user.create({ data: { email: "freja@example.com", displayName: "Freja Ølgaard" } });
    await db.membership.createMany({
      data: [a, b].map((tenant) => ({ accountId: tenant.accountId, userId: user.id, persona: "attendee" })),
    });
    const copies = () =>
      db.membership.findMany({ where: { userId: user.id }, select: { displayName: true, email: true, searchKey: true } });
    expect(await copies()).toEqual([
      { displayName: "Freja Ølgaard", email: "freja@example.com", searchKey: " freja olgard freja example com " },
      { displayName: "Freja Ølgaard", email: "freja@example.com", searchKey: " freja olgard freja example com " },
    ]);
    await db.user.update({ where: { id: user.id }, data: { displayName: "Freja Æbelø", email: "f@example.dk" } });
    expect(await copies()).toEqual([
      { displayName: "Freja Æbelø", email: "f@example.dk", searchKey: " freja aebelo f example dk " },
      { displayName: "Freja Æbelø", email: "f@example.dk", searchKey: " freja aebelo f example dk " },
    ]);
  });
});
