// Settings › Import lists the imports of years a page at a time (issue 35): the 25 newest, then
// "show older" with the rest, none twice, and never another studio's. Dates are fixed, not today's.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { listImports } from "./manage-imports";

let tenant: TestTenant;
let other: TestTenant;
/** The tenant's import ids, newest first. */
let newestFirst: string[];

async function createImport(accountId: string, createdAt: Date) {
  const made = await db.import.create({
    data: {
      accountId,
      kind: "people",
      source: "generic",
      headers: [],
      fields: [],
      dateFormat: "YYYY-MM-DD",
      createdAt,
    },
  });
  return made.id;
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  const made: { id: string; createdAt: Date }[] = [];
  for (let n = 0; n < 30; n++) {
    // two imports share each of a few instants: the id decides between them
    const createdAt = new Date(Date.UTC(2024, 0, 1 + Math.floor(n / 2) * 3));
    made.push({ id: await createImport(tenant.accountId, createdAt), createdAt });
    await createImport(other.accountId, new Date(Date.UTC(2025, 0, 1 + n)));
  }
  newestFirst = made
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
});

describe("the imports so far, a page at a time", () => {
  it("shows the 25 newest, then the 5 older ones after the last of them, none twice and no other studio's", async () => {
    const scoped = tenantDb(tenant.accountId);
    const first = await listImports({ db: scoped, limit: 25 });
    expect(first.items.map((row) => row.id)).toEqual(newestFirst.slice(0, 25));
    expect(first.next).not.toBeNull();
    const second = await listImports({ db: scoped, limit: 25, after: first.next! });
    expect(second.items.map((row) => row.id)).toEqual(newestFirst.slice(25));
    expect(second.next).toBeNull();
    expect(new Set([...first.items, ...second.items].map((row) => row.id)).size).toBe(30);
    expect([...first.items, ...second.items].every((row) => row.accountId === tenant.accountId)).toBe(true);
  });

  it("without a limit answers the whole list, newest first (GET /imports)", async () => {
    const whole = await listImports({ db: tenantDb(tenant.accountId) });
    expect(whole.items.map((row) => row.id)).toEqual(newestFirst);
    expect(whole.next).toBeNull();
  });

  it("continues after another studio's import as after any key, showing only this studio's", async () => {
    const theirs = await listImports({ db: tenantDb(other.accountId), limit: 25 });
    expect(theirs.items).toHaveLength(25);
    const after = await listImports({ db: tenantDb(tenant.accountId), limit: 25, after: theirs.next! });
    expect(after.items.map((row) => row.id)).toEqual(newestFirst.slice(0, 25));
  });
});
