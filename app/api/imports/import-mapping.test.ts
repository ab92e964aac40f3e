// Issue 45 §5: a passes or memberships file whose product column is named as the tool it comes from
// names it is recognised, one whose column is not is mapped instead of refused, and the rows with
// errors come back in the page's language.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { commitWaitingImports } from "@/lib/imports/import-commit-jobs";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { createImportProducts } from "@/tests/helpers/import-products";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/imports");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const csv = (text: string) => new TextEncoder().encode(text);

let tenant: TestTenant;

beforeAll(async () => {
  startBackgroundWork();
  await holdJobs();
});
beforeEach(async () => {
  tenant = await createTenant();
});

const upload = (file: Uint8Array<ArrayBuffer>, kind: string) =>
  api("POST", `/imports?kind=${kind}`, { token: tenant.admin.token, rawBody: file, headers: { "content-type": "text/csv" } });

async function commit(importId: string) {
  const response = await api("POST", `/imports/${importId}/commit`, { token: tenant.admin.token });
  expect(response.status).toBe(202);
  await commitWaitingImports({ untilNoneDue: true });
  return (await api("GET", `/imports/${importId}`, { token: tenant.admin.token })).body;
}

const products = () => createImportProducts(tenant.accountId);

describe("the product column of passes and memberships", () => {
  it("reads Mindbody's Series Name as the product of a passes file and imports it", async () => {
    const { pass } = await products();
    const ida = await createMember(tenant.accountId, "attendee", { email: "ida.holm@example.com" });
    await createMember(tenant.accountId, "attendee", { email: "soren.jensen@example.com" });
    const created = await upload(fixture("mindbody-series.csv"), "passes");
    expect(created).toMatchObject({
      status: 201,
      body: { source: "mindbody", dateFormat: "MM/DD/YYYY", unmappedFields: [], validRows: 2, invalidRows: 1 },
    });
    expect(created.body.columns).toContainEqual({ header: "Series Name", field: "product" });
    expect(created.body.columns).toContainEqual({ header: "Remaining", field: "remainingClasses" });
    expect(created.body.columns).toContainEqual({ header: "Expiration Date", field: "validUntil" });
    expect(await commit(created.body.id)).toMatchObject({ status: "committed", created: 2 });
    expect(await db.entitlement.findFirst({ where: { userId: ida.userId } })).toMatchObject({
      productId: pass.id,
      remainingClasses: 7,
    });
  });

  it("recognises Mindbody's Pricing Option, Momence's and bsport's product columns", async () => {
    for (const [header, kind, source] of [
      ["Pricing Option", "passes", "Client ID,Remaining Visits"],
      ["Membership Name", "memberships", "Customer ID,Customer Tags"],
      ["Pack name", "passes", "Customer ID,Credits left"],
      ["Offre", "passes", "ID membre,Crédits restants"],
      ["Nom de l'offre", "memberships", "ID membre,Prénom"],
      ["Contract Name", "memberships", "Client ID,Home Phone"],
      ["Subscription name", "memberships", "Member ID,Establishment"],
    ] as const) {
      const file = csv(`${source},Email,${header},Next renewal\n1,2,ida@example.com,Månedskort,2099-01-01\n`);
      const created = await upload(file, kind);
      expect(created.status).toBe(201);
      expect(created.body.columns).toContainEqual({ header, field: "product" });
      expect(created.body.unmappedFields).toEqual([]);
    }
  });

  it("shows the mapping step for a product column it does not know, and imports once it is mapped", async () => {
    await products();
    const ida = await createMember(tenant.accountId, "attendee", { email: "ida@example.com" });
    const file = csv("Email,Vare,Klip tilbage\nida@example.com,10-klippekort,4\n");
    const created = await upload(file, "passes");
    expect(created).toMatchObject({
      status: 201,
      body: { status: "previewed", unmappedFields: ["product"], validRows: 0, invalidRows: 1 },
    });
    const [row] = (await api("GET", `/imports/${created.body.id}/rows`, { token: tenant.admin.token })).body;
    expect(row.errors).toEqual([{ field: "product", code: "required", message: "Required" }]);
    expect(await api("POST", `/imports/${created.body.id}/commit`, { token: tenant.admin.token })).toMatchObject({
      status: 400,
      body: { details: [{ path: "columns", code: "import_field_unmapped", params: { field: "product" } }] },
    });
    const columns = [
      { header: "Email", field: "email" },
      { header: "Vare", field: "product" },
      { header: "Klip tilbage", field: "remainingClasses" },
    ];
    const mapped = await api("PATCH", `/imports/${created.body.id}`, { token: tenant.admin.token, body: { columns } });
    expect(mapped).toMatchObject({ status: 200, body: { unmappedFields: [], validRows: 1, invalidRows: 0 } });
    expect(await commit(created.body.id)).toMatchObject({ status: "committed", created: 1 });
    expect(await db.entitlement.count({ where: { userId: ida.userId, remainingClasses: 4 } })).toBe(1);
  });

  it("takes a people file without an email column to the mapping step too", async () => {
    const created = await upload(csv("Navn,Kontakt\nIda,ida@example.com\n"), "people");
    expect(created).toMatchObject({ status: 201, body: { unmappedFields: ["email"], invalidRows: 1 } });
  });
});

describe("GET /imports/{importId}/invalid.csv in the page's language", () => {
  it("says what is wrong in Danish with language=da, in the API's English without", async () => {
    await products();
    await createMember(tenant.accountId, "attendee", { email: "ida.holm@example.com" });
    const created = (await upload(fixture("mindbody-series.csv"), "passes")).body;
    const path = `/imports/${created.id}/invalid.csv?delimiter=semicolon`;
    const danish = await api("GET", `${path}&language=da`, { token: tenant.admin.token });
    expect(danish.status).toBe(200);
    const lines = danish.text.split("\r\n");
    expect(lines[0]).toBe(
      "Client ID;Client Name;Email;Series Name;Payment Date;Activation Date;Expiration Date;Remaining;Fejl",
    );
    expect(lines[1]).toBe(
      "100002;Søren Jensen;soren.jensen@example.com;10-KLIPPEKORT;10/15/2026;10/15/2026;12/31/2099;3;" +
        "E-mail: intet medlem har denne e-mail: importér personerne først",
    );
    expect(lines[2]).toMatch(/;E-mail: ikke en e-mailadresse$/);
    const english = (await api("GET", `${path}&language=en`, { token: tenant.admin.token })).text.split("\r\n");
    expect(english[0]).toMatch(/;Errors$/);
    expect(english[2]).toMatch(/;Email: not an email address$/);
    const plain = (await api("GET", path, { token: tenant.admin.token })).text.split("\r\n");
    expect(plain[0]).toMatch(/;errors$/);
    expect(plain[2]).toMatch(/;email: Not an email address$/);
    expect(await api("GET", `${path}&language=de`, { token: tenant.admin.token })).toMatchObject({ status: 400 });
  });
});
