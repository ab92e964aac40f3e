import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { commitWaitingImports } from "@/lib/imports/import-commit-jobs";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { grant } from "@/app/api/bookings/booking-test-data";

// Issue 31 §2: the people and passes files of a studio's export import back through §1 unchanged.
// Studio A is exported; its people.csv and passes.csv, as they come out of the ZIP, are imported into
// studio B (whose products have the same names, one in other letter case); B's people and passes are
// then A's.

const at = (iso: string) => new Date(iso);

let studioA: TestTenant;
let studioB: TestTenant;
let fromA: { people: Uint8Array; passes: Uint8Array };
let emails: string[];

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the commits itself
  await holdJobs();
  studioA = await createTenant({ name: "Studio A" });
  studioB = await createTenant({ name: "Studio B" });

  const soren = await createMember(studioA.accountId, "attendee", { displayName: "Søren Kier", email: "soren-trip@example.com" });
  await db.user.update({ where: { id: soren.userId }, data: { dateOfBirth: at("1990-04-12"), phone: "+45 20 30 40 50" } });
  await db.membership.update({
    where: { accountId_userId: { accountId: studioA.accountId, userId: soren.userId } },
    data: { notes: "Knee injury; no deep lunges" },
  });
  const ida = await createMember(studioA.accountId, "attendee", { displayName: "Ida Ørsted", email: "ida-trip@example.com" });
  await db.user.update({ where: { id: ida.userId }, data: { phone: "22 33 44 55" } });
  await createMember(studioA.accountId, "teacher", { displayName: "Clara Holt", email: "clara-trip@example.com" });

  const clipCard = await grant(studioA.accountId, soren.userId, {
    remainingClasses: 7,
    validFrom: at("2026-01-01T10:32:00Z"),
    validUntil: at("2099-06-30T21:59:59Z"),
  });
  await db.product.update({ where: { id: clipCard.productId }, data: { name: "10 klip" } });
  const monthly = await grant(studioA.accountId, ida.userId, {
    remainingClasses: null,
    validFrom: at("2026-02-14T23:00:00Z"),
    validUntil: null,
  });
  await db.product.update({ where: { id: monthly.productId }, data: { name: "Månedskort" } });

  // the same products in B, one named in other letter case
  await db.product.create({ data: { accountId: studioB.accountId, type: "class_pass", name: "10 KLIP", classAllowance: 10, status: "active" } });
  await db.product.create({ data: { accountId: studioB.accountId, type: "subscription", name: "månedskort", status: "active" } });

  fromA = await exportStudio(studioA.admin.token);
  emails = ["soren-trip@example.com", "ida-trip@example.com", "clara-trip@example.com", studioA.admin.email];
  // B is as another system would be: nobody there is known by these addresses (identities are shared
  // between studios here), so every name, phone and date of birth B ends with came through the files
  for (const email of emails) await db.user.update({ where: { email }, data: { email: `left-${email}` } });
});

/** people.csv and passes.csv of a studio's export, as the ZIP holds them (bytes, BOM included). */
async function exportStudio(token: string) {
  const response = await api("GET", "/exports/studio.zip", { token });
  expect(response.status, response.text.slice(0, 200)).toBe(200);
  const zip = unzipSync(response.bytes);
  return { people: zip["people.csv"]!, passes: zip["passes.csv"]! };
}

async function importFile(kind: "people" | "passes", file: Uint8Array) {
  const token = studioB.admin.token;
  const preview = await api("POST", `/imports?kind=${kind}`, {
    token,
    rawBody: new Uint8Array(file),
    headers: { "content-type": "text/csv" },
  });
  expect(preview.status, preview.text).toBe(201);
  const committing = await api("POST", `/imports/${preview.body.id}/commit`, { token });
  expect(committing.status).toBe(202);
  await commitWaitingImports({ untilNoneDue: true });
  return { preview: preview.body, committed: (await api("GET", `/imports/${preview.body.id}`, { token })).body };
}

/** A CSV's records as objects of the named columns, keyed by email, for the given emails only. */
function byEmail(bytes: Uint8Array, columns: string[], only: string[]) {
  const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
  const pick = (row: string[]) => Object.fromEntries(columns.map((name) => [name, row[header!.indexOf(name)]]));
  return rows
    .map(pick)
    .filter((record) => only.includes(record.email!))
    .sort((a, b) => a.email!.localeCompare(b.email!));
}

describe("the export of a studio imported into another", () => {
  it("brings the same people and the same passes", async () => {
    const people = await importFile("people", fromA.people);
    expect(people.preview).toMatchObject({ source: "generic", totalRows: 4, validRows: 4, invalidRows: 0 });
    expect(people.preview.columns).toEqual(
      expect.arrayContaining([
        { header: "displayName", field: "displayName" },
        { header: "email", field: "email" },
        { header: "dateOfBirth", field: "dateOfBirth" },
        { header: "phone", field: "phone" },
        { header: "notes", field: "notes" },
      ]),
    );
    expect(people.committed).toMatchObject({ status: "committed", created: 4 });

    const passes = await importFile("passes", fromA.passes);
    expect(passes.preview).toMatchObject({ source: "generic", totalRows: 2, validRows: 2, invalidRows: 0 });
    expect(passes.preview.columns).toEqual(
      expect.arrayContaining([
        { header: "email", field: "email" },
        { header: "product", field: "product" },
        { header: "remainingClasses", field: "remainingClasses" },
        { header: "validFrom", field: "validFrom" },
        { header: "validUntil", field: "validUntil" },
      ]),
    );
    expect(passes.committed).toMatchObject({ status: "committed", created: 2 });

    const fromB = await exportStudio(studioB.admin.token);
    const personColumns = ["email", "displayName", "dateOfBirth", "phone", "notes"];
    expect(byEmail(fromB.people, personColumns, emails)).toEqual(byEmail(fromA.people, personColumns, emails));
    // as stored, not as the export guards it against spreadsheets ("'+45 …")
    const soren = await db.user.findUniqueOrThrow({
      where: { email: "soren-trip@example.com" },
      include: { memberships: { select: { accountId: true, notes: true } } },
    });
    expect(soren).toMatchObject({
      displayName: "Søren Kier",
      dateOfBirth: at("1990-04-12"),
      phone: "+45 20 30 40 50",
      memberships: [{ accountId: studioB.accountId, notes: "Knee injury; no deep lunges" }],
    });

    const passColumns = ["email", "product", "remainingClasses", "validFrom", "validUntil", "status"];
    const lowerProduct = (records: Record<string, string | undefined>[]) =>
      records.map((record) => ({ ...record, product: record.product!.toLowerCase() }));
    const passesOfB = byEmail(fromB.passes, passColumns, emails);
    expect(lowerProduct(passesOfB)).toEqual(lowerProduct(byEmail(fromA.passes, passColumns, emails)));
    expect(passesOfB).toEqual([
      {
        email: "ida-trip@example.com",
        product: "månedskort",
        remainingClasses: "",
        validFrom: "2026-02-14T23:00:00.000Z",
        validUntil: "",
        status: "active",
      },
      {
        email: "soren-trip@example.com",
        product: "10 KLIP",
        remainingClasses: "7",
        validFrom: "2026-01-01T10:32:00.000Z",
        validUntil: "2099-06-30T21:59:59.000Z",
        status: "active",
      },
    ]);
    // new identities, B's own products, the passes marked imported with no order behind them
    expect(await db.user.count({ where: { email: { in: emails } } })).toBe(4);
    const imported = await db.entitlement.findMany({ where: { accountId: studioB.accountId }, include: { product: true } });
    expect(imported.every((e) => e.product.accountId === studioB.accountId && e.importId !== null && e.orderId === null)).toBe(true);
  });

  it("imports nothing twice: the same files again change nothing", async () => {
    expect((await importFile("people", fromA.people)).committed).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect((await importFile("passes", fromA.passes)).committed).toMatchObject({ created: 0, unchanged: 2 });
    expect(await db.entitlement.count({ where: { accountId: studioB.accountId } })).toBe(2);
  });
});
