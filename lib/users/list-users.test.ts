import { beforeAll, describe, expect, it } from "vitest";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { listUsers } from "./list-users";

// The dashboard's "previous" link: `before` reads the page that ends just before a key, in order.
let tenant: TestTenant;
const names = ["Anna", "Bo", "Carl", "Dina", "Emil"];

beforeAll(async () => {
  tenant = await createTenant();
  for (const name of names) await createMember(tenant.accountId, "attendee", { displayName: name });
});

describe("listUsers pages", () => {
  const list = (page: { before?: [string, string]; after?: [string, string] }) =>
    listUsers({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      viewer: "administrator",
      persona: "attendee",
      limit: 2,
      ...page,
    });
  const shown = (page: Awaited<ReturnType<typeof list>>) => page.items.map((person) => person.displayName);

  it("walks forwards with `after` and back with `before`, each page in name order", async () => {
    const first = await list({});
    expect(shown(first)).toEqual(["Anna", "Bo"]);
    const second = await list({ after: first.next! });
    expect(shown(second)).toEqual(["Carl", "Dina"]);
    const carl = second.items[0]!;
    const back = await list({ before: [carl.displayName, carl.email!] });
    expect(shown(back)).toEqual(["Anna", "Bo"]);
    expect(back.next).toBeNull(); // nothing before Anna
    const emil = (await list({ after: second.next! })).items[0]!;
    expect(emil.displayName).toBe("Emil");
    const backFromEmil = await list({ before: [emil.displayName, emil.email!] });
    expect(shown(backFromEmil)).toEqual(["Carl", "Dina"]);
    expect(backFromEmil.next).not.toBeNull(); // more remain before Carl
  });
});
