import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { exportPasses } from "@/lib/exports/export-passes";
import { exportProducts } from "@/lib/exports/export-products";
import { exportProgramme } from "@/lib/exports/export-programme";
import { exportReceipts } from "@/lib/exports/export-receipts";
import {
  PASSES_CSV_HEADER,
  PEOPLE_CSV_HEADER,
  PRODUCTS_CSV_HEADER,
  PROGRAMME_CSV_HEADER,
  RECEIPTS_CSV_HEADER,
  type CsvExport,
} from "@/lib/schemas/export";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";

// GET /exports/studio.zip (issue 31 §2): everything a studio holds in one streamed ZIP of CSV files
// in the single exports' dialect, and a manifest counting each file's records.

const FILES = ["people.csv", "passes.csv", "bookings.csv", "orders.csv", "products.csv", "programme.csv", "receipts.csv"];
const at = (iso: string) => new Date(iso);

let tenant: TestTenant;
let other: TestTenant;
let soren: TestMember;
let passId: string;
let orderId: string;

beforeAll(async () => {
  tenant = await createTenant({ name: "Studio Nord" });
  other = await createTenant();
  soren = await createMember(tenant.accountId, "attendee", { displayName: "Søren Kier", email: "soren-zip@example.com" });
  await db.user.update({ where: { id: soren.userId }, data: { dateOfBirth: at("1990-04-12"), phone: "+45 20 30 40 50" } });
  await db.membership.update({
    where: { accountId_userId: { accountId: tenant.accountId, userId: soren.userId } },
    data: { notes: "Prefers the back row" },
  });
  await createMember(tenant.accountId, "teacher", { displayName: "Clara Holt" });
  const elsewhere = await createMember(other.accountId, "attendee", { displayName: "Someone Elsewhere" });
  await grant(other.accountId, elsewhere.userId);

  const pass = await grant(tenant.accountId, soren.userId, {
    remainingClasses: 7,
    validFrom: at("2026-01-01T00:00:00Z"),
    validUntil: at("2099-06-30T21:59:59Z"),
  });
  passId = pass.id;
  await db.product.update({ where: { id: pass.productId }, data: { name: "10 klip" } });
  await db.price.create({ data: { accountId: tenant.accountId, productId: pass.productId, amount: 120000, currency: "DKK" } });
  const priceless = await db.product.create({ data: { accountId: tenant.accountId, type: "custom", name: "Gavekort", status: "draft" } });
  void priceless;

  const yoga = await createClass(tenant.accountId, { startsAt: at("2026-03-02T07:00:00Z"), title: "Morgenyoga" });
  await db.series.create({
    data: {
      accountId: tenant.accountId,
      eventId: yoga.eventId,
      frequency: "weekly",
      weekdays: [1, 3],
      localStartTime: "08:00",
      durationMinutes: 60,
      timezone: "Europe/Copenhagen",
      startsOn: at("2026-03-02"),
      capacity: 10,
    },
  });
  await db.booking.create({
    data: { accountId: tenant.accountId, instanceId: yoga.id, attendeeId: soren.userId, status: "confirmed", entitlementId: pass.id },
  });
  const price = await db.price.findFirstOrThrow({ where: { productId: pass.productId } });
  const order = await db.order.create({
    data: {
      accountId: tenant.accountId,
      userId: soren.userId,
      productId: pass.productId,
      priceId: price.id,
      amount: 120000,
      currency: "DKK",
      status: "paid",
      provider: "desk",
      createdAt: at("2026-01-01T10:00:00Z"),
      paidAt: at("2026-01-01T10:00:00Z"),
      receiptNumber: 1,
      vatAmount: 24000,
      vatRateBasisPoints: 2500,
    },
  });
  orderId = order.id;
});

type Unzipped = { names: string[]; text: (name: string) => string; bytes: (name: string) => Uint8Array };

async function download(query = "", token = tenant.admin.token): Promise<Unzipped & { headers: Headers }> {
  const response = await api("GET", `/exports/studio.zip${query}`, { token });
  expect(response.status, response.text.slice(0, 200)).toBe(200);
  const entries = unzipSync(response.bytes);
  return {
    headers: response.headers,
    names: Object.keys(entries),
    bytes: (name) => entries[name]!,
    text: (name) => new TextDecoder().decode(entries[name]!), // drops the byte order mark
  };
}

const records = (zip: Unzipped, name: string, delimiter = ",") => parseCsv(zip.text(name), delimiter);

describe("GET /exports/studio.zip", () => {
  it("is a ZIP attachment of the seven CSV files and the manifest, in that order", async () => {
    const zip = await download();
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${tenant.slug}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    expect(zip.headers.get("cache-control")).toContain("no-store");
    expect(zip.names).toEqual([...FILES, "manifest.json"]);
    for (const name of FILES) expect([...zip.bytes(name).slice(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("counts each file's records in the manifest, with the account and the moment", async () => {
    const zip = await download();
    const manifest = JSON.parse(zip.text("manifest.json"));
    expect(manifest.account).toMatchObject({ id: tenant.accountId, slug: tenant.slug, name: "Studio Nord", currency: "DKK" });
    expect(Date.parse(manifest.exportedAt)).not.toBeNaN();
    expect(manifest.files).toEqual(FILES.map((name) => ({ name, rows: records(zip, name).length - 1 })));
    expect(manifest.files.find((f: { name: string }) => f.name === "people.csv").rows).toBe(3);
  });

  it("holds the people and their passes in columns an import reads back", async () => {
    const zip = await download();
    const [peopleHeader, ...people] = records(zip, "people.csv");
    expect(peopleHeader).toEqual(PEOPLE_CSV_HEADER);
    const column = (header: string[], row: string[], name: string) => row[header.indexOf(name)];
    const sorenRow = people.find((row) => column(peopleHeader!, row, "email") === "soren-zip@example.com")!;
    expect(column(peopleHeader!, sorenRow, "displayName")).toBe("Søren Kier");
    expect(column(peopleHeader!, sorenRow, "dateOfBirth")).toBe("1990-04-12");
    expect(column(peopleHeader!, sorenRow, "phone")).toBe("'+45 20 30 40 50"); // guarded against spreadsheets; an import drops the apostrophe
    expect(column(peopleHeader!, sorenRow, "notes")).toBe("Prefers the back row");

    const [passesHeader, ...passes] = records(zip, "passes.csv");
    expect(passesHeader).toEqual(PASSES_CSV_HEADER);
    expect(passes).toHaveLength(1);
    const pass = Object.fromEntries(passesHeader!.map((name, i) => [name, passes[0]![i]]));
    expect(pass).toMatchObject({
      email: "soren-zip@example.com",
      displayName: "Søren Kier",
      product: "10 klip",
      productType: "class_pass",
      remainingClasses: "7",
      validFrom: "2026-01-01T00:00:00.000Z",
      validUntil: "2099-06-30T21:59:59.000Z",
      status: "active",
      id: passId,
    });
  });

  it("holds bookings, orders, receipts, products and the programme", async () => {
    const zip = await download();
    const bookings = records(zip, "bookings.csv");
    expect(bookings).toHaveLength(2);
    expect(bookings[1]).toContain("Morgenyoga");
    const orders = records(zip, "orders.csv");
    expect(orders.slice(1).map((row) => row[0])).toEqual([orderId]);

    const [receiptHeader, receipt] = records(zip, "receipts.csv");
    expect(receiptHeader).toEqual(RECEIPTS_CSV_HEADER);
    expect(Object.fromEntries(receiptHeader!.map((name, i) => [name, receipt![i]]))).toMatchObject({
      receiptNumber: "1",
      orderId,
      product: "10 klip",
      amount: "120000",
      vatAmount: "24000",
      userEmail: "soren-zip@example.com",
    });

    const [productHeader, ...products] = records(zip, "products.csv");
    expect(productHeader).toEqual(PRODUCTS_CSV_HEADER);
    expect(products.map((row) => [row[2], row[11]])).toEqual([
      ["10 klip", "120000"],
      ["Gavekort", ""],
    ]);

    const [programmeHeader, ...programme] = records(zip, "programme.csv");
    expect(programmeHeader).toEqual([...PROGRAMME_CSV_HEADER]);
    expect(programme.map((row) => [row[0], row[4]])).toEqual([
      ["event", "Morgenyoga"],
      ["series", "Morgenyoga"],
      ["class", "Morgenyoga"],
    ]);
    const series = programme[1]!;
    expect(series[programmeHeader!.indexOf("weekdays")]).toBe("1 3");
    expect(series[programmeHeader!.indexOf("startsOn")]).toBe("2026-03-02");
  });

  it("separates with semicolons on ?delimiter=semicolon", async () => {
    const zip = await download("?delimiter=semicolon");
    expect(zip.text("passes.csv").split("\r\n")[0]).toBe(PASSES_CSV_HEADER.join(";"));
    expect(records(zip, "people.csv", ";")[0]).toEqual(PEOPLE_CSV_HEADER);
  });

  it("shows another studio only its own rows", async () => {
    const zip = await download("", other.admin.token);
    expect(zip.text("people.csv")).toContain("Someone Elsewhere");
    for (const name of FILES) expect(zip.text(name), name).not.toContain("soren-zip@example.com");
    expect(zip.text("programme.csv")).not.toContain("Morgenyoga");
    expect(records(zip, "receipts.csv")).toHaveLength(1);
  });

  it("answers an API key, and refuses a teacher, an attendee (403) and nobody (401)", async () => {
    const key = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: "Backup" } });
    expect((await download("", key.body.secret)).names).toContain("manifest.json");
    const teacher = await createMember(tenant.accountId, "teacher");
    expect((await api("GET", "/exports/studio.zip", { token: teacher.token })).status).toBe(403);
    expect((await api("GET", "/exports/studio.zip", { token: soren.token })).status).toBe(403);
    expect((await api("GET", "/exports/studio.zip")).status).toBe(401);
  });

  it("answers 400 for an unknown delimiter", async () => {
    expect((await api("GET", "/exports/studio.zip?delimiter=tab", { token: tenant.admin.token })).status).toBe(400);
  });
});

describe("the new files' batches", () => {
  async function rowsOf(csv: CsvExport): Promise<unknown[]> {
    const rows: unknown[] = [];
    for await (const batch of csv.batches) rows.push(...batch);
    return rows;
  }

  it("read every record once whatever the batch size", async () => {
    const scoped = tenantDb(tenant.accountId);
    await createClass(tenant.accountId, { startsAt: at("2026-03-02T07:00:00Z"), title: "Same minute" });
    await grant(tenant.accountId, soren.userId);
    const now = at("2026-06-01T00:00:00Z");
    for (const make of [
      (batchSize?: number) => exportPasses({ db: scoped, now, batchSize }),
      (batchSize?: number) => exportProducts({ db: scoped, batchSize }),
      (batchSize?: number) => exportProgramme({ db: scoped, batchSize }),
      (batchSize?: number) => exportReceipts({ db: scoped, batchSize }),
    ]) {
      const all = await rowsOf(make());
      expect(await rowsOf(make(1))).toEqual(all);
      expect(await rowsOf(make(2))).toEqual(all);
    }
  });
});
