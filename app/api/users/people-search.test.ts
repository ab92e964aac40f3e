import LinkHeader from "http-link-header";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

// GET /users?q=&persona=&limit=&cursor= (issue 16 §3): word-prefix search folded by
// people_search_key, keyset pages with RFC 8288 Link headers, a teacher's restricted shape.

let tenant: TestTenant;
let admin: TestMember;
let teacher: TestMember;
let soren: TestMember;
let other: TestTenant;

const INVALID = { status: 400, body: { error: "Validation failed" } };
const FORBIDDEN = { status: 403, body: { error: "Insufficient permission" } };

beforeAll(async () => {
  tenant = await createTenant();
  admin = tenant.admin;
  await db.user.update({ where: { id: admin.userId }, data: { displayName: "Anna Admin" } });
  teacher = await createMember(tenant.accountId, "teacher", { displayName: "Clara Holt", email: "clara.holt@example.com" });
  soren = await createMember(tenant.accountId, "attendee", { displayName: "Søren Ærø-Ångström", email: "s.k@example.com" });
  await createMember(tenant.accountId, "attendee", { displayName: "Émile Brûlé", email: "EMILE.b@example.com" });
  await createMember(tenant.accountId, "attendee", { displayName: "Ida Holm", email: "ida.sorensen@example.com" });
  await createMember(tenant.accountId, "attendee", { displayName: "Bo Persson", email: "bo@kursor.dk" });
  other = await createTenant();
  await createMember(other.accountId, "attendee", { displayName: "Søren Other", email: "soren.other@example.com" });
});

async function names(path: string, token = admin.token): Promise<string[]> {
  const response = await api("GET", path, { token });
  expect(response.status, path).toBe(200);
  return response.body.map((person: { displayName: string }) => person.displayName);
}

describe("GET /users?q=", () => {
  it("finds words of the name and email by prefix, case and accents aside: sor finds Søren", async () => {
    expect(await names("/users?q=sor")).toEqual(["Ida Holm", "Søren Ærø-Ångström"]); // ida.SORensen, SØRen
    expect(await names("/users?q=SØR")).toEqual(["Ida Holm", "Søren Ærø-Ångström"]);
    expect(await names("/users?q=aero")).toEqual(["Søren Ærø-Ångström"]);
    expect(await names("/users?q=angs")).toEqual(["Søren Ærø-Ångström"]);
    expect(await names("/users?q=emile")).toEqual(["Émile Brûlé"]);
    expect(await names("/users?q=brul")).toEqual(["Émile Brûlé"]);
    expect(await names("/users?q=holm%20ida")).toEqual(["Ida Holm"]);
    expect(await names(`/users?q=${encodeURIComponent("clara.holt@ex")}`)).toEqual(["Clara Holt"]);
  });

  it("reads oe, aa and ae as ø, å and æ, and the letters as those spellings", async () => {
    await createMember(tenant.accountId, "attendee", { displayName: "Mette Søndergaard", email: "m.s@example.com" });
    await createMember(tenant.accountId, "attendee", { displayName: "Jens Moeller", email: "jm@example.com" });
    await createMember(tenant.accountId, "attendee", { displayName: "Kaj Maehle", email: "km@example.com" });
    for (const q of ["soendergaard", "soender", "søndergård", "sondergard", "Sønderg"])
      expect(await names(`/users?q=${encodeURIComponent(q)}`), q).toEqual(["Mette Søndergaard"]);
    for (const q of ["møller", "moeller", "mol"]) expect(await names(`/users?q=${encodeURIComponent(q)}`), q).toEqual(["Jens Moeller"]);
    for (const q of ["mæhle", "maehle"]) expect(await names(`/users?q=${encodeURIComponent(q)}`), q).toEqual(["Kaj Maehle"]);
    expect(await names(`/users?q=${encodeURIComponent("aeroe aangstroem")}`)).toEqual(["Søren Ærø-Ångström"]);
    for (const person of ["Mette Søndergaard", "Jens Moeller", "Kaj Maehle"])
      await db.membership.deleteMany({ where: { accountId: tenant.accountId, displayName: person } });
  });

  it("matches the beginnings of words only, and another account's people never", async () => {
    expect(await names("/users?q=ren")).toEqual([]); // inside "Søren", "sorensen"
    expect(await names("/users?q=ursor")).toEqual([]);
    expect(await names("/users?q=kursor")).toEqual(["Bo Persson"]);
    expect(await names("/users?q=other")).toEqual([]);
    expect(await names("/users?q=%25")).toHaveLength(6); // a wildcard of LIKE is no wildcard here: no words, no filter
  });

  it("keeps the search key when a name or email changes", async () => {
    const person = await createMember(tenant.accountId, "attendee", { displayName: "Zed Zulu" });
    await api("PATCH", `/users/${person.userId}`, { token: admin.token, body: { displayName: "Zoë Åberg" } });
    expect(await names("/users?q=abe")).toEqual(["Zoë Åberg"]);
    expect(await names("/users?q=zulu")).toEqual([]);
    await api("PATCH", `/users/${person.userId}`, { token: admin.token, body: { displayName: "Zed Zulu" } });
  });

  it("filters by persona", async () => {
    expect(await names("/users?persona=teacher")).toEqual(["Clara Holt"]);
    expect(await names("/users?persona=administrator")).toEqual(["Anna Admin"]);
    expect(await names("/users?persona=attendee&q=sor")).toEqual(["Ida Holm", "Søren Ærø-Ångström"]);
    expect(await api("GET", "/users?persona=owner", { token: admin.token })).toMatchObject(INVALID);
  });

  it("answers 400 for a q that is empty or too long", async () => {
    expect(await api("GET", "/users?q=", { token: admin.token })).toMatchObject(INVALID);
    expect(await api("GET", `/users?q=${"a".repeat(101)}`, { token: admin.token })).toMatchObject(INVALID);
  });
});

describe("a teacher searching for a walk-in", () => {
  it("is answered id, displayName and email only", async () => {
    const response = await api("GET", "/users?q=sor", { token: teacher.token });
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id: soren.userId, displayName: "Søren Ærø-Ångström", email: "s.k@example.com" });
    for (const row of response.body) expect(Object.keys(row).sort()).toEqual(["displayName", "email", "id"]);
  });

  it("pages like an administrator", async () => {
    const first = await api("GET", "/users?q=example&limit=1", { token: teacher.token });
    expect(first.body).toHaveLength(1);
    expect(nextOf(first)).toMatch(/^\/api\/users\?q=example&limit=1&cursor=/);
  });

  it("answers 403 without q: the list of everyone stays the administrator's", async () => {
    expect(await api("GET", "/users", { token: teacher.token })).toMatchObject(FORBIDDEN);
    expect(await api("GET", "/users?limit=10", { token: teacher.token })).toMatchObject(FORBIDDEN);
  });

  it("and an attendee still 403 with q", async () => {
    expect(await api("GET", "/users?q=sor", { token: soren.token })).toMatchObject(FORBIDDEN);
  });
});

function nextOf(response: ApiResponse): string | undefined {
  const header = response.headers.get("link");
  if (!header) return undefined;
  const [next] = LinkHeader.parse(header).rel("next");
  return next?.uri;
}

describe("pages of GET /users", () => {
  let paged: TestTenant;
  const expected: string[] = [];

  beforeAll(async () => {
    paged = await createTenant();
    await db.user.update({ where: { id: paged.admin.userId }, data: { displayName: "Aaa Admin" } });
    expected.push(paged.admin.userId);
    // ties on the display name: the email decides, and no page may skip or repeat one of them
    for (let i = 0; i < 7; i++) {
      const member = await createMember(paged.accountId, "attendee", { displayName: "Same Name", email: `same${i}@example.com` });
      expected.push(member.userId);
    }
    for (const name of ["Bea", "Cai", "Dag"]) {
      expected.push((await createMember(paged.accountId, "attendee", { displayName: name })).userId);
    }
  });

  it("walks every person once, in the unpaged order, following Link rel=next", async () => {
    const unpaged = await api("GET", "/users", { token: paged.admin.token });
    expect(unpaged.headers.get("link")).toBeNull();
    const all = unpaged.body.map((person: { id: string }) => person.id);
    expect([...all].sort()).toEqual([...expected].sort());

    for (const limit of [1, 3, 4, 11, 200]) {
      const seen: string[] = [];
      let path: string | undefined = `/users?limit=${limit}`;
      let pages = 0;
      while (path) {
        const response = await api("GET", path.replace(/^\/api/, ""), { token: paged.admin.token });
        expect(response.status).toBe(200);
        expect(response.body.length).toBeLessThanOrEqual(limit);
        seen.push(...response.body.map((person: { id: string }) => person.id));
        path = nextOf(response);
        if (path) expect(path).toMatch(new RegExp(`^/api/users\\?limit=${limit}&cursor=`));
        pages++;
      }
      expect(seen, `limit ${limit}`).toEqual(all);
      expect(pages).toBe(Math.max(1, Math.ceil(all.length / limit)));
    }
  });

  it("keeps q and persona in the next link", async () => {
    const response = await api("GET", "/users?q=same&persona=attendee&limit=2", { token: paged.admin.token });
    expect(response.body).toHaveLength(2);
    const next = nextOf(response)!;
    expect(next).toMatch(/^\/api\/users\?q=same&persona=attendee&limit=2&cursor=/);
    const rest: string[] = [];
    let path: string | undefined = next;
    while (path) {
      const page = await api("GET", path.replace(/^\/api/, ""), { token: paged.admin.token });
      rest.push(...page.body.map((person: { email: string }) => person.email));
      path = nextOf(page);
    }
    expect(rest).toEqual(["same2@example.com", "same3@example.com", "same4@example.com", "same5@example.com", "same6@example.com"]);
  });

  it("answers 400 for a limit outside 1–200 or not a whole number", async () => {
    for (const limit of ["0", "201", "-1", "1.5", "ten", ""]) {
      expect(await api("GET", `/users?limit=${limit}`, { token: paged.admin.token }), limit).toMatchObject(INVALID);
    }
  });

  it("answers 400 for a cursor it did not give, or a cursor without limit", async () => {
    const good = nextOf(await api("GET", "/users?limit=1", { token: paged.admin.token }))!;
    const cursor = new URL(good, "http://x").searchParams.get("cursor")!;
    for (const bad of ["garbage", "!!!", Buffer.from('{"a":1}').toString("base64url"), Buffer.from("[1,2]").toString("base64url")]) {
      const response = await api("GET", `/users?limit=5&cursor=${encodeURIComponent(bad)}`, { token: paged.admin.token });
      expect(response, bad).toMatchObject(INVALID);
      expect(response.body.details).toEqual([{ path: "cursor", message: "Not a cursor this list answered", code: "cursor_invalid" }]);
    }
    expect(await api("GET", `/users?cursor=${cursor}`, { token: paged.admin.token })).toMatchObject(INVALID);
  });
});
