import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { exportBookings } from "@/lib/exports/export-bookings";
import { exportOrders } from "@/lib/exports/export-orders";
import { exportPeople } from "@/lib/exports/export-people";
import type { CsvExport } from "@/lib/schemas/export";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";

// GET /exports/people.csv, bookings.csv, orders.csv (issue 16 §3): streamed CSV, RFC 4180 quoting,
// a UTF-8 byte order mark, `?delimiter=semicolon`, from/to, administrators only.

let tenant: TestTenant;
let other: TestTenant;
let soren: TestMember;
let teacher: TestMember;
const at = (iso: string) => new Date(iso);
let classes: { early: string; middle: string; late: string };
let orderIds: { january: string; february: string; march: string };

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  await db.user.update({ where: { id: tenant.admin.userId }, data: { displayName: "Anna Admin" } });
  soren = await createMember(tenant.accountId, "attendee", { displayName: 'Søren "Sø" Kier, Jr.', email: "soren@example.com" });
  teacher = await createMember(tenant.accountId, "teacher", { displayName: "Clara Holt" });
  const lines = await createMember(tenant.accountId, "attendee", { displayName: "Two\nLines", email: "two@example.com" });
  await createMember(tenant.accountId, "attendee", { displayName: "=HYPERLINK(1)", email: "formula@example.com" });
  await db.user.update({ where: { id: soren.userId }, data: { dateOfBirth: at("1990-04-12"), phone: "+45 20 30 40 50" } });
  await createMember(other.accountId, "attendee", { displayName: "Someone Elsewhere" });

  // classes at fixed instants; bookings written directly (the export reads what is there)
  const early = await createClass(tenant.accountId, { startsAt: at("2026-03-02T08:00:00Z"), title: "Morning, flow" });
  const middle = await createClass(tenant.accountId, { startsAt: at("2026-03-09T08:00:00Z"), title: 'Yin "slow"' });
  const late = await createClass(tenant.accountId, { startsAt: at("2026-03-16T08:00:00Z"), title: "Power" });
  classes = { early: early.id, middle: middle.id, late: late.id };
  const pass = await grant(tenant.accountId, soren.userId);
  for (const [instanceId, attendeeId] of [
    [early.id, soren.userId],
    [early.id, lines.userId],
    [middle.id, soren.userId],
    [late.id, soren.userId],
  ] as const) {
    await db.booking.create({
      data: { accountId: tenant.accountId, instanceId, attendeeId, status: "confirmed", entitlementId: attendeeId === soren.userId ? pass.id : null },
    });
  }
  const elsewhere = await createClass(other.accountId, { startsAt: at("2026-03-09T08:00:00Z"), title: "Elsewhere" });
  await db.booking.create({ data: { accountId: other.accountId, instanceId: elsewhere.id, attendeeId: other.admin.userId, status: "confirmed" } });

  const product = await db.product.create({ data: { accountId: tenant.accountId, type: "drop_in", name: "Drop-in; single", status: "active" } });
  const price = await db.price.create({ data: { accountId: tenant.accountId, productId: product.id, amount: 12000, currency: "DKK" } });
  const order = (createdAt: string) =>
    db.order.create({
      data: {
        accountId: tenant.accountId,
        userId: soren.userId,
        productId: product.id,
        priceId: price.id,
        amount: 12000,
        currency: "DKK",
        status: "paid",
        provider: "desk",
        createdAt: at(createdAt),
        paidAt: at(createdAt),
      },
    });
  orderIds = {
    january: (await order("2026-01-15T10:00:00Z")).id,
    february: (await order("2026-02-15T10:00:00Z")).id,
    march: (await order("2026-03-15T10:00:00Z")).id,
  };
});

async function csv(path: string, token = tenant.admin.token): Promise<ApiResponse & { rows: string[][] }> {
  const response = await api("GET", path, { token });
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return { ...response, rows: parseCsv(response.text, path.includes("delimiter=semicolon") ? ";" : ",") };
}

describe("GET /exports/people.csv", () => {
  it("is a UTF-8 attachment with a byte order mark, the header, and everyone here by name", async () => {
    const response = await csv("/exports/people.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="people.csv"');
    expect([...response.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.rows[0]).toEqual(["id", "displayName", "email", "persona", "status", "dateOfBirth", "phone", "notes"]);
    // in GET /users's order (the database's collation decides where "=" sorts); a formula is shown, not run
    const listed = (await api("GET", "/users", { token: tenant.admin.token })).body.map((p: { displayName: string }) =>
      p.displayName.startsWith("=") ? `'${p.displayName}` : p.displayName,
    );
    expect(response.rows.slice(1).map((row) => row[1])).toEqual(listed);
    expect(listed.sort()).toEqual(["'=HYPERLINK(1)", "Anna Admin", "Clara Holt", 'Søren "Sø" Kier, Jr.', "Two\nLines"]);
    expect(response.rows.find((row) => row[0] === soren.userId)).toEqual([
      soren.userId,
      'Søren "Sø" Kier, Jr.',
      "soren@example.com",
      "attendee",
      "active",
      "1990-04-12",
      "'+45 20 30 40 50", // guarded: a spreadsheet would read "+…" as a formula (an import drops the apostrophe)
      "",
    ]);
  });

  it("quotes per RFC 4180: commas, doubled quotes, line breaks; CRLF between records", async () => {
    const { text } = await csv("/exports/people.csv");
    expect(text).toContain(`,"Søren ""Sø"" Kier, Jr.",soren@example.com,attendee,active,1990-04-12,'+45 20 30 40 50,\r\n`);
    expect(text).toContain(`,"Two\nLines",two@example.com,attendee,active,,,\r\n`);
    expect(text.startsWith("id,displayName,email,persona,status,dateOfBirth,phone,notes\r\n")).toBe(true);
  });

  it("separates with semicolons on ?delimiter=semicolon, quoting only what needs it", async () => {
    const response = await csv("/exports/people.csv?delimiter=semicolon");
    expect(response.text).toContain(`;"Søren ""Sø"" Kier, Jr.";soren@example.com;attendee;active;1990-04-12;'+45 20 30 40 50;\r\n`);
    expect(response.rows[0]).toEqual(["id", "displayName", "email", "persona", "status", "dateOfBirth", "phone", "notes"]);
    expect(await api("GET", "/exports/people.csv?delimiter=tab", { token: tenant.admin.token })).toMatchObject({ status: 400 });
  });
});

describe("GET /exports/bookings.csv", () => {
  it("lists the bookings here in the classes' order, with class and attendee", async () => {
    const { rows } = await csv("/exports/bookings.csv");
    expect(rows[0]).toEqual([
      "id", "status", "attendance", "createdAt", "cancelledAt", "instanceId", "startsAt", "endsAt",
      "eventId", "eventTitle", "attendeeId", "attendeeName", "attendeeEmail", "entitlementId",
    ]);
    expect(rows.slice(1).map((row) => [row[9], row[6]])).toEqual([
      ["Morning, flow", "2026-03-02T08:00:00.000Z"],
      ["Morning, flow", "2026-03-02T08:00:00.000Z"],
      ['Yin "slow"', "2026-03-09T08:00:00.000Z"],
      ["Power", "2026-03-16T08:00:00.000Z"],
    ]);
    expect(rows.flat()).not.toContain("Elsewhere");
  });

  it("keeps the classes starting in [from, to)", async () => {
    const { rows } = await csv("/exports/bookings.csv?from=2026-03-09T08:00:00Z&to=2026-03-16T08:00:00Z");
    expect(rows.slice(1).map((row) => row[5])).toEqual([classes.middle]);
    const since = await csv(`/exports/bookings.csv?from=${encodeURIComponent("2026-03-09T09:00:00+01:00")}&delimiter=semicolon`);
    expect(since.rows.slice(1).map((row) => row[5])).toEqual([classes.middle, classes.late]);
    const until = await csv("/exports/bookings.csv?to=2026-03-09T08:00:00Z");
    expect(until.rows.slice(1).map((row) => row[5])).toEqual([classes.early, classes.early]);
  });

  it("answers 400 for a bad or backwards range", async () => {
    for (const query of ["from=yesterday", "to=2026-03-01", "from=2026-03-09T08:00:00Z&to=2026-03-09T08:00:00Z"]) {
      expect(await api("GET", `/exports/bookings.csv?${query}`, { token: tenant.admin.token }), query).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
    }
  });
});

describe("GET /exports/orders.csv", () => {
  it("lists the orders here, oldest first, with buyer and product", async () => {
    const { rows } = await csv("/exports/orders.csv");
    expect(rows[0]).toEqual([
      "id", "createdAt", "paidAt", "status", "provider", "amount", "currency",
      "userId", "userName", "userEmail", "productId", "productName", "priceId", "vatRate", "vatAmount",
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([orderIds.january, orderIds.february, orderIds.march]);
    expect(rows[1]).toMatchObject({ 3: "paid", 4: "desk", 5: "12000", 6: "DKK", 8: 'Søren "Sø" Kier, Jr.', 11: "Drop-in; single" });
  });

  it("keeps the orders created in [from, to)", async () => {
    const { rows } = await csv("/exports/orders.csv?from=2026-02-01T00:00:00Z&to=2026-03-15T10:00:00Z");
    expect(rows.slice(1).map((row) => row[0])).toEqual([orderIds.february]);
    const semicolon = await csv("/exports/orders.csv?from=2026-03-01T00:00:00Z&delimiter=semicolon");
    expect(semicolon.text).toContain(';"Drop-in; single";');
    expect(semicolon.rows.slice(1).map((row) => row[0])).toEqual([orderIds.march]);
  });

  it("takes GET /orders' filters: status, product, and studio dates with `to` included", async () => {
    await db.order.update({ where: { id: orderIds.february }, data: { status: "refunded" } });
    try {
      const ids = async (query: string) => (await csv(`/exports/orders.csv?${query}`)).rows.slice(1).map((row) => row[0]);
      expect(await ids("status=paid")).toEqual([orderIds.january, orderIds.march]);
      expect(await ids("status=refunded&from=2026-02-15&to=2026-02-15")).toEqual([orderIds.february]);
      expect(await ids("from=2026-01-16&to=2026-03-15")).toEqual([orderIds.february, orderIds.march]);
      const product = (await db.order.findUniqueOrThrow({ where: { id: orderIds.march } })).productId;
      expect(await ids(`productId=${product}&status=paid&to=2026-02-28`)).toEqual([orderIds.january]);
      expect(await ids("productId=someone-elses")).toEqual([]);
    } finally {
      await db.order.update({ where: { id: orderIds.february }, data: { status: "paid" } });
    }
  });

  it("answers 400 for a bad filter before the download starts", async () => {
    for (const query of ["status=done", "from=2026-02-30", "from=2026-02-02&to=2026-02-01", "from=2026-02-16&to=2026-02-15T10:00:00Z"]) {
      expect(await api("GET", `/exports/orders.csv?${query}`, { token: tenant.admin.token }), query).toMatchObject({
        status: 400,
        body: { error: "Validation failed" },
      });
    }
  });
});

describe("who may export", () => {
  it("answers a teacher and an attendee 403, and nobody 401", async () => {
    for (const path of ["/exports/people.csv", "/exports/bookings.csv", "/exports/orders.csv"]) {
      expect(await api("GET", path, { token: teacher.token }), path).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
      expect(await api("GET", path, { token: soren.token }), path).toMatchObject({ status: 403 });
      expect(await api("GET", path), path).toMatchObject({ status: 401 });
    }
  });

  it("shows another account's administrator only their own rows", async () => {
    const people = await csv("/exports/people.csv", other.admin.token);
    expect(people.rows.slice(1).map((row) => row[1]).sort()).toEqual(
      [(await db.user.findUniqueOrThrow({ where: { id: other.admin.userId } })).displayName, "Someone Elsewhere"].sort(),
    );
    expect((await csv("/exports/bookings.csv", other.admin.token)).rows.slice(1).map((row) => row[9])).toEqual(["Elsewhere"]);
    expect((await csv("/exports/orders.csv", other.admin.token)).rows).toHaveLength(1);
  });
});

describe("batches", () => {
  async function collect(csvExport: CsvExport): Promise<string[]> {
    const ids: string[] = [];
    for await (const batch of csvExport.batches) ids.push(...batch.map((row) => String(row[0])));
    return ids;
  }

  it("read every row once whatever the batch size, ties included", async () => {
    const scoped = tenantDb(tenant.accountId);
    const whole = {
      people: await collect(exportPeople({ db: scoped, accountId: tenant.accountId })),
      bookings: await collect(exportBookings({ db: scoped })),
      orders: await collect(exportOrders({ db: scoped })),
    };
    expect(whole.bookings).toHaveLength(4);
    for (const batchSize of [1, 2, 3]) {
      expect(await collect(exportPeople({ db: scoped, accountId: tenant.accountId, batchSize }))).toEqual(whole.people);
      expect(await collect(exportBookings({ db: scoped, batchSize }))).toEqual(whole.bookings);
      expect(await collect(exportOrders({ db: scoped, batchSize }))).toEqual(whole.orders);
    }
  });
});
