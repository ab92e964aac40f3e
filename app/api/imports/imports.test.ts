import fs from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { commitWaitingImports } from "@/lib/imports/import-commit-jobs";
import { holdJobs } from "@/lib/jobs/wake";
import { sendWaitingNoticeEmails } from "@/tests/helpers/app-drains";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { createImportProducts } from "@/tests/helpers/import-products";
import { readOutbox } from "@/tests/helpers/outbox";
import { expectLogged } from "@/tests/helpers/logs";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/imports");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const csv = (text: string) => new TextEncoder().encode(text);

let tenant: TestTenant;

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the commits itself
  await holdJobs();
});
beforeEach(async () => {
  tenant = await createTenant();
});

async function upload(file: Uint8Array<ArrayBuffer>, kind = "people", token = tenant.admin.token) {
  return api("POST", `/imports?kind=${kind}`, { token, rawBody: file, headers: { "content-type": "text/csv" } });
}

async function rows(importId: string, query = "") {
  const response = await api("GET", `/imports/${importId}/rows${query}`, { token: tenant.admin.token });
  expect(response.status).toBe(200);
  return response.body as {
    row: number;
    status: string;
    values: Record<string, string>;
    errors: { field: string; code: string }[];
    kept: { field: string }[];
  }[];
}

async function commit(importId: string) {
  const response = await api("POST", `/imports/${importId}/commit`, { token: tenant.admin.token });
  expect(response.status).toBe(202);
  await commitWaitingImports({ untilNoneDue: true });
  return (await api("GET", `/imports/${importId}`, { token: tenant.admin.token })).body;
}

const memberByEmail = (email: string) =>
  db.membership.findFirst({ where: { accountId: tenant.accountId, user: { email } }, include: { user: true } });

describe("POST /imports?kind=people: the preview", () => {
  it("recognises a Mindbody client export, reads US dates and checks every row without writing a person", async () => {
    const response = await upload(fixture("mindbody-clients.csv"));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      accountId: tenant.accountId,
      kind: "people",
      status: "previewed",
      source: "mindbody",
      dateFormat: "MM/DD/YYYY",
      totalRows: 4,
      validRows: 2,
      invalidRows: 2,
      created: null,
      committedAt: null,
    });
    expect(response.body.columns).toContainEqual({ header: "Email", field: "email" });
    expect(response.body.columns).toContainEqual({ header: "Mobile Phone", field: "phone" });
    expect(response.body.columns).toContainEqual({ header: "Home Phone", field: null });
    expect(response.body.columns).toContainEqual({ header: "Client ID", field: null });
    const all = await rows(response.body.id);
    expect(all.map((row) => [row.row, row.status])).toEqual([
      [2, "valid"],
      [3, "valid"],
      [4, "invalid"],
      [5, "invalid"],
    ]);
    expect(all[0]!.values).toMatchObject({
      email: "ida.holm@example.com",
      firstName: "Ida",
      lastName: "Holm",
      dateOfBirth: "04/12/1990",
    });
    expect(all[2]!.errors.map((e) => [e.field, e.code])).toEqual([
      ["email", "invalid_email"],
      ["dateOfBirth", "invalid_date"],
    ]);
    expect(all[3]!.errors.map((e) => [e.field, e.code])).toEqual([["email", "required"]]);
    expect(await memberByEmail("ida.holm@example.com")).toBeNull();
  });

  it("recognises Momence and bsport exports (bsport's French headers, semicolons, day-first dates)", async () => {
    const momence = await upload(fixture("momence-customers.csv"));
    expect(momence.body).toMatchObject({ source: "momence", dateFormat: "YYYY-MM-DD", validRows: 2, invalidRows: 0 });
    const bsport = await upload(fixture("bsport-members.csv"));
    expect(bsport.body).toMatchObject({ source: "bsport", dateFormat: "DD/MM/YYYY", validRows: 2, invalidRows: 0 });
    expect((await rows(bsport.body.id))[0]!.values).toMatchObject({
      firstName: "Camille",
      lastName: "Dupont",
      phone: "+33 6 12 34 56 78",
    });
  });

  it("reads a Danish Excel file: Windows-1252, semicolons, Danish headers", async () => {
    const file = iconv.encode(
      "Fornavn;Efternavn;E-mail;Mobil;Fødselsdato;Noter\r\nSøren;Ærø;soeren@example.com;12345678;17-05-1990;Gravid, termin i maj\r\n",
      "windows-1252",
    );
    const response = await upload(new Uint8Array(file));
    expect(response.body).toMatchObject({ source: "generic", dateFormat: "DD-MM-YYYY", validRows: 1 });
    expect((await rows(response.body.id))[0]!.values).toEqual({
      firstName: "Søren",
      lastName: "Ærø",
      email: "soeren@example.com",
      phone: "12345678",
      dateOfBirth: "17-05-1990",
      notes: "Gravid, termin i maj",
    });
  });

  it("reads UTF-8 with a byte order mark and tabs", async () => {
    const response = await upload(csv("\uFEFFName\tEmail\tPhone\nÅse Ørum\tase@example.com\t+45 1234\n"));
    expect(response.body).toMatchObject({ source: "generic", validRows: 1 });
    expect(response.body.columns[0]).toEqual({ header: "Name", field: "displayName" });
    expect((await rows(response.body.id))[0]!.values).toEqual({
      displayName: "Åse Ørum",
      email: "ase@example.com",
      phone: "+45 1234",
    });
  });

  it("answers 400 for an empty file, a file without a header row, or a file that is not CSV", async () => {
    for (const [file, code] of [
      [csv(""), "import_empty"],
      [csv("Email,Name\n"), "import_empty"],
      [csv("ida@example.com,Ida Holm\nbo@example.com,Bo\n"), "import_no_header"],
      [csv('Email,Name\n"ida@example.com,Ida\n'), "import_malformed"],
      [csv("Email,Name\nida@example.com,I\u0000da\n"), "unstorable_text"],
    ] as const) {
      const response = await upload(file);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: "Validation failed", details: [{ code }] });
    }
    expect(await api("GET", "/imports", { token: tenant.admin.token })).toMatchObject({ status: 200, body: [] });
  });

  it("takes an API key as an administrator of its studio", async () => {
    const key = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: "Migration script" } });
    const created = await upload(csv("E-mail;Navn\nida@example.com;Ida\n"), "people", key.body.secret);
    expect(created).toMatchObject({ status: 201, body: { accountId: tenant.accountId, validRows: 1 } });
    expect(await api("GET", `/imports/${created.body.id}`, { token: key.body.secret })).toMatchObject({ status: 200 });
  });

  it("answers 413 above 10 MB and 403 to an attendee", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41);
    expect(await upload(big)).toMatchObject({ status: 413, body: { error: "Payload too large" } });
    const attendee = await createMember(tenant.accountId, "attendee");
    expect(await upload(csv("Email\na@example.com\n"), "people", attendee.token)).toMatchObject({ status: 403 });
  });
});

describe("reading, changing and deleting an import", () => {
  it("pages rows by status, keyset, and lists imports newest first", async () => {
    const first = (await upload(fixture("mindbody-clients.csv"))).body;
    const second = (await upload(fixture("momence-customers.csv"))).body;
    const list = await api("GET", "/imports", { token: tenant.admin.token });
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    const page = await api("GET", `/imports/${first.id}/rows?limit=1`, { token: tenant.admin.token });
    expect(page.body.map((r: { row: number }) => r.row)).toEqual([2]);
    const next = page.headers.get("link")!.match(/<\/api([^>]+)>/)![1]!;
    expect((await api("GET", next, { token: tenant.admin.token })).body.map((r: { row: number }) => r.row)).toEqual([
      3,
    ]);
    expect((await rows(first.id, "?status=invalid")).map((r) => r.row)).toEqual([4, 5]);
    const invalid = await api("GET", `/imports/${first.id}/invalid.csv?delimiter=semicolon`, {
      token: tenant.admin.token,
    });
    expect(invalid.status).toBe(200);
    const lines = invalid.text.split("\r\n");
    expect(lines[0]).toBe(
      "Client ID;Last Name;First Name;Email;Mobile Phone;Home Phone;Birth Date;Gender;Address;City;State;Postal Code;Creation Date;Referred By;Notes;errors",
    );
    expect(lines[1]).toContain("100003;Madsen;Line;line.madsen@example;");
    expect(lines[1]).toContain(';"email: Not an email address; dateOfBirth: Not a date in the format MM/DD/YYYY"');
    expect(lines).toHaveLength(4); // two rows and the last line end
  });

  it("PATCH changes a column's field and the date format, and checks every row again", async () => {
    const created = (
      await upload(csv("Mail,Født,Telefon\nida@example.com,1990-12-04,1\nbo@example.com,04/12/1991,2\n"))
    ).body;
    expect(created).toMatchObject({ dateFormat: "YYYY-MM-DD", validRows: 2, invalidRows: 0 });
    expect(created.columns[1]).toEqual({ header: "Født", field: null });
    const columns = [
      { header: "Mail", field: "email" },
      { header: "Født", field: "dateOfBirth" },
      { header: "Telefon", field: null },
    ];
    const patched = await api("PATCH", `/imports/${created.id}`, {
      token: tenant.admin.token,
      body: { columns, dateFormat: "MM/DD/YYYY" },
    });
    expect(patched).toMatchObject({
      status: 200,
      body: { dateFormat: "MM/DD/YYYY", validRows: 1, invalidRows: 1, columns },
    });
    expect((await rows(created.id)).map((r) => [r.row, r.status, r.values])).toEqual([
      [2, "invalid", { email: "ida@example.com", dateOfBirth: "1990-12-04" }],
      [3, "valid", { email: "bo@example.com", dateOfBirth: "04/12/1991" }],
    ]);
    const unmapped = await api("PATCH", `/imports/${created.id}`, {
      token: tenant.admin.token,
      body: { columns: columns.map((c) => ({ ...c, field: null })) },
    });
    expect(unmapped).toMatchObject({
      status: 400,
      body: { details: [{ path: "columns", code: "import_field_unmapped" }] },
    });
  });

  it("DELETE removes the import (204) and keeps what it wrote; another tenant's import is 404 everywhere", async () => {
    const created = (await upload(csv("Email\nkept@example.com\n"))).body;
    await commit(created.id);
    const other = await createTenant();
    for (const [method, suffix] of [
      ["GET", ""],
      ["PATCH", ""],
      ["DELETE", ""],
      ["GET", "/rows"],
      ["POST", "/commit"],
      ["POST", "/invite"],
    ] as const) {
      const response = await api(method, `/imports/${created.id}${suffix}`, {
        token: other.admin.token,
        body: method === "PATCH" ? {} : undefined,
      });
      expect(response, `${method} ${suffix}`).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    }
    expect(await api("DELETE", `/imports/${created.id}`, { token: tenant.admin.token })).toMatchObject({ status: 204 });
    expect(await api("GET", `/imports/${created.id}`, { token: tenant.admin.token })).toMatchObject({ status: 404 });
    expect(await memberByEmail("kept@example.com")).not.toBeNull();
  });
});

describe("POST /imports/{id}/commit: people", () => {
  it("creates new people as attendees, fills an existing member's empty fields and keeps differing ones", async () => {
    const existing = await createMember(tenant.accountId, "attendee", {
      email: "ida.holm@example.com",
      displayName: "Ida H.",
    });
    const elsewhere = await createTenant();
    await createMember(elsewhere.accountId, "attendee", { email: "soren.jensen@example.com", displayName: "Søren J" });
    const created = (await upload(fixture("mindbody-clients.csv"))).body;
    const preview = await rows(created.id, "?status=valid");
    expect(preview[0]!.kept).toEqual([
      { field: "displayName", code: "kept_existing", message: "The person's own value is kept" },
    ]);
    const committed = await commit(created.id);
    expect(committed).toMatchObject({ status: "committed", created: 1, updated: 1, unchanged: 0 });
    expect(committed.committedAt).not.toBeNull();
    const ida = await memberByEmail("ida.holm@example.com");
    expect(ida).toMatchObject({ userId: existing.userId, persona: "attendee", notes: "Prefers mornings" });
    expect(ida!.user).toMatchObject({ displayName: "Ida H.", phone: "+45 20 12 34 56" });
    expect(ida!.user.dateOfBirth?.toISOString().slice(0, 10)).toBe("1990-04-12");
    const soren = await memberByEmail("soren.jensen@example.com");
    expect(soren).toMatchObject({ persona: "attendee" });
    expect(soren!.user).toMatchObject({ displayName: "Søren J", phone: "+45 31 22 11 00" });
    expect(await api("POST", `/imports/${created.id}/commit`, { token: tenant.admin.token })).toMatchObject({
      status: 409,
      body: { error: "Import is not in preview" },
    });
    expect(
      await api("PATCH", `/imports/${created.id}`, { token: tenant.admin.token, body: { dateFormat: "YYYY-MM-DD" } }),
    ).toMatchObject({
      status: 409,
      body: { error: "Import is not in preview" },
    });
  });

  it("creates nothing when the same file is imported again: its rows are unchanged", async () => {
    const first = (await upload(fixture("momence-customers.csv"))).body;
    expect(await commit(first.id)).toMatchObject({ created: 2 });
    const users = await db.user.count();
    const again = (await upload(fixture("momence-customers.csv"))).body;
    expect(again).toMatchObject({ validRows: 0, unchangedRows: 2 });
    expect(await commit(again.id)).toMatchObject({ status: "committed", created: 0, updated: 0, unchanged: 2 });
    expect(await db.user.count()).toBe(users);
  });

  it("a commit interrupted mid-way leaves no half-written batch and resumes where it stopped", async () => {
    const lines = Array.from({ length: 1200 }, (_, i) => `person${i}@example.com,Person ${i}`);
    const created = (await upload(csv(`Email,Name\n${lines.join("\n")}\n`))).body;
    const attendees = () => db.membership.count({ where: { accountId: tenant.accountId, persona: "attendee" } });
    // the request writes the first batch (500 rows) and leaves the rest to the jobs runner
    expect(await api("POST", `/imports/${created.id}/commit`, { token: tenant.admin.token })).toMatchObject({
      status: 202,
      body: { status: "committing", created: null },
    });
    expect(await attendees()).toBe(500);
    // one more batch of 300 is written, then the process "dies" while writing the next: nothing of it stays
    expectLogged("warn", /^import commit failed, will retry .*"attempts":1,/);
    await expect(commitWaitingImports({ batchSize: 300, crashAtBatch: 2 })).resolves.toBe(0);
    expect(await attendees()).toBe(800);
    expect(await memberByEmail("person800@example.com")).toBeNull();
    expect((await api("GET", `/imports/${created.id}`, { token: tenant.admin.token })).body.status).toBe("committing");
    await db.import.update({ where: { id: created.id }, data: { lockedUntil: null } }); // its retry comes due
    await commitWaitingImports({ batchSize: 100, batchesPerClaim: 2, untilNoneDue: true }); // a claim at a time
    expect((await api("GET", `/imports/${created.id}`, { token: tenant.admin.token })).body).toMatchObject({
      status: "committed",
      created: 1200,
    });
    expect(await attendees()).toBe(1200);
  });

  it("answers a small file committed at once", async () => {
    const created = (await upload(csv("Email\nsmall@example.com\n"))).body;
    const response = await api("POST", `/imports/${created.id}/commit`, { token: tenant.admin.token });
    expect(response).toMatchObject({
      status: 202,
      body: { status: "committed", created: 1, updated: 0, unchanged: 0 },
    });
  });
});

describe("passes and memberships", () => {
  const products = () => createImportProducts(tenant.accountId);

  it("writes passes as imported entitlements (no order), checks person, product, classes and dates, and not twice", async () => {
    const { pass } = await products();
    const ida = await createMember(tenant.accountId, "attendee", { email: "ida@example.com" });
    await createMember((await createTenant()).accountId, "attendee", { email: "elsewhere@example.com" });
    const file = csv(
      "Email;Produkt;Klip tilbage;Gyldig til\n" +
        "IDA@example.com;10-KLIPPEKORT;4;31-12-2099\n" +
        "ida@example.com;10-klippekort;;\n" +
        "elsewhere@example.com;10-klippekort;2;\n" +
        "ida@example.com;Drop-in;2;\n" +
        "ida@example.com;10-klippekort;fire;01-01-2001\n",
    );
    const created = (await upload(file, "passes")).body;
    expect(created).toMatchObject({ kind: "passes", validRows: 2, invalidRows: 3 });
    expect((await rows(created.id, "?status=invalid")).map((r) => r.errors.map((e) => e.code))).toEqual([
      ["unknown_person"],
      ["unknown_product"],
      ["invalid_number", "expired"],
    ]);
    expect(await commit(created.id)).toMatchObject({ status: "committed", created: 2 });
    const entitlements = await db.entitlement.findMany({
      where: { userId: ida.userId },
      orderBy: { remainingClasses: "asc" },
    });
    expect(entitlements).toHaveLength(2);
    expect(entitlements[0]).toMatchObject({
      productId: pass.id,
      remainingClasses: 4,
      orderId: null,
      importId: created.id,
      status: "active",
    });
    expect(entitlements[0]!.validUntil?.toISOString()).toBe("2099-12-31T23:00:00.000Z"); // through 31 Dec in Copenhagen
    expect(entitlements[0]!.validFrom.getTime()).toBeLessThanOrEqual(Date.now());
    expect(entitlements[1]).toMatchObject({ remainingClasses: null, validUntil: null });
    expect(await db.order.count({ where: { accountId: tenant.accountId } })).toBe(0);
    const again = (await upload(file, "passes")).body;
    expect(again).toMatchObject({ validRows: 0, unchangedRows: 2 });
    expect(await commit(again.id)).toMatchObject({ created: 0, unchanged: 2 });
    expect(await db.entitlement.count({ where: { userId: ida.userId } })).toBe(2);
  });

  it("writes memberships valid until their next renewal, at the price named, subscription products only", async () => {
    const { pass, monthly } = await products();
    const bo = await createMember(tenant.accountId, "attendee", { email: "bo@example.com" });
    const file = csv(
      "email,membership,next renewal,price\n" +
        "bo@example.com,månedskort,2099-02-01,399\n" +
        "bo@example.com,Månedskort,2099-03-01,123\n" +
        `bo@example.com,${pass.name},2099-03-01,\n` +
        "bo@example.com,Månedskort,,\n",
    );
    const created = (await upload(file, "memberships")).body;
    expect((await rows(created.id)).map((r) => r.errors.map((e) => e.code))).toEqual([
      [],
      ["unknown_price"],
      ["unknown_product"],
      ["required"],
    ]);
    expect(await commit(created.id)).toMatchObject({ created: 1 });
    const [membership] = await db.entitlement.findMany({ where: { userId: bo.userId } });
    expect(membership).toMatchObject({
      productId: monthly.id,
      priceId: monthly.prices.find((p) => p.amount === 39900)!.id,
      remainingClasses: null,
      orderId: null,
      providerSubscriptionId: null,
      importId: created.id,
    });
    expect(membership!.validUntil?.toISOString()).toBe("2099-01-31T23:00:00.000Z");
    expect(membership!.validFrom.getTime()).toBeLessThanOrEqual(Date.now()); // the period began before the import
  });
});

describe("bookings", () => {
  it("books members into the class of that title at that time in the studio's zone, with their pass or at the desk, never over capacity", async () => {
    const event = await db.event.create({
      data: {
        accountId: tenant.accountId,
        title: "Morning Flow",
        durationMinutes: 60,
        capacity: 2,
        status: "published",
      },
    });
    const startsAt = new Date("2099-06-02T05:30:00.000Z"); // 07:30 in Copenhagen (summer time)
    const instance = await db.instance.create({
      data: {
        accountId: tenant.accountId,
        eventId: event.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        capacity: 2,
      },
    });
    const product = await db.product.create({
      data: { accountId: tenant.accountId, type: "class_pass", name: "Pass", classAllowance: 5, status: "active" },
    });
    const ida = await createMember(tenant.accountId, "attendee", { email: "ida@example.com" });
    const bo = await createMember(tenant.accountId, "attendee", { email: "bo@example.com" });
    await createMember(tenant.accountId, "attendee", { email: "cy@example.com" });
    const pass = await db.entitlement.create({
      data: {
        accountId: tenant.accountId,
        userId: ida.userId,
        productId: product.id,
        remainingClasses: 5,
        validFrom: new Date("2000-01-01"),
      },
    });
    const file = csv(
      "Email,Date,Time,Class\n" +
        "ida@example.com,2099-06-02,07:30,morning flow\n" +
        "bo@example.com,2099-06-02,7:30 AM,Morning Flow\n" +
        "cy@example.com,2099-06-02,07:30,Morning Flow\n" +
        "cy@example.com,2099-06-02,08:30,Morning Flow\n" +
        "cy@example.com,2099-06-02,25:00,Morning Flow\n",
    );
    const created = (await upload(file, "bookings")).body;
    expect((await rows(created.id)).map((r) => r.errors.map((e) => e.code))).toEqual([
      [],
      [],
      ["class_full"],
      ["unknown_class"],
      ["invalid_time"],
    ]);
    expect(await commit(created.id)).toMatchObject({ status: "committed", created: 2 });
    const bookings = await db.booking.findMany({ where: { instanceId: instance.id }, orderBy: { attendeeId: "asc" } });
    expect(bookings.map((b) => [b.attendeeId, b.status, b.entitlementId]).sort()).toEqual(
      [
        [ida.userId, "confirmed", pass.id],
        [bo.userId, "confirmed", null],
      ].sort(),
    );
    expect(await db.instance.findUnique({ where: { id: instance.id } })).toMatchObject({ bookedCount: 2 });
    expect(await db.entitlement.findUnique({ where: { id: pass.id } })).toMatchObject({ remainingClasses: 4 });
    const again = (await upload(file, "bookings")).body;
    expect(again).toMatchObject({ unchangedRows: 2, validRows: 0 });
  });
});

describe("POST /imports/{id}/invite", () => {
  it("emails each person the import created a welcome once, in the studio's language; 409 before the commit", async () => {
    await createMember(tenant.accountId, "attendee", { email: "mette.lund@example.com" });
    const created = (await upload(fixture("momence-customers.csv"))).body;
    expect(await api("POST", `/imports/${created.id}/invite`, { token: tenant.admin.token })).toMatchObject({
      status: 409,
      body: { error: "Import is not committed" },
    });
    await commit(created.id);
    expect(await api("POST", `/imports/${created.id}/invite`, { token: tenant.admin.token })).toMatchObject({
      status: 202,
      body: { queued: 1 },
    });
    expect(await api("POST", `/imports/${created.id}/invite`, { token: tenant.admin.token })).toMatchObject({
      status: 202,
      body: { queued: 0 },
    });
    expect((await api("GET", `/imports/${created.id}`, { token: tenant.admin.token })).body.invitedAt).not.toBeNull();
    await sendWaitingNoticeEmails();
    const studio = await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } });
    const welcome = readOutbox().filter((email) => email.to === "jonas.kragh@example.com");
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ locale: "da", subject: `${studio.name} tager nu imod bookinger her` });
    expect(welcome[0]!.text).toMatch(new RegExp(`/sign-in/invitation\\?token=[A-Za-z0-9_-]+&account=${studio.slug}`));
    expect(readOutbox().filter((email) => email.to === "mette.lund@example.com")).toHaveLength(0);
  });
});
