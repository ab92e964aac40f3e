import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { listOrderBuyers } from "@/lib/orders/list-order-buyers";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import type { PersonKey } from "@/lib/schemas/user";
import { getPerson } from "@/lib/users/get-person";
import { listUsers } from "@/lib/users/list-users";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails, waitForEmailsAbout } from "@/tests/helpers/outbox";
import { translatorFor } from "@/lib/i18n/translator";
import { contactLabel } from "@/lib/users/contact-label";
import { contactsOf } from "@/lib/users/get-person-contact";
import { pdfText } from "@/tests/helpers/pdf";
import { createClass, grant, type TestClass } from "@/app/api/bookings/booking-test-data";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { addWalkInAction } = await import("@/app/dashboard/classes/[instanceId]/actions");

// People without an address (issue 43 §5): a walk-in added at the door without an email, a guest
// booked without one and a dependant keep a stand-in address under `.invalid` in the table
// (decisions 0031, 0038); on the wire, in exports and on pages they are `email: null`, no search
// finds them by it, and nothing is sent to it.

let tenant: TestTenant;
let host: TestMember;
let teacher: TestMember;
let lesson: TestClass;
const ids = { walkIn: "", guest: "", child: "", childOrder: "" };

beforeAll(async () => {
  tenant = await createTenant();
  host = await createMember(tenant.accountId, "attendee", { displayName: "Hanne Vært" });
  teacher = await createMember(tenant.accountId, "teacher");
  await grant(tenant.accountId, host.userId, { remainingClasses: 5 });
  expect(
    (await api("PATCH", "/account", { token: tenant.admin.token, body: { bookingPolicy: { guestsPerBooking: 1 } } }))
      .status,
  ).toBe(200);
  lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 10 * 60_000), title: "Door class" });
  await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });

  const guest = await api("POST", "/bookings", {
    token: host.token,
    body: { instanceId: lesson.id, guest: { displayName: "Gæst Uden Adresse" } },
  });
  expect(guest.status, guest.text).toBe(201);
  ids.guest = guest.body.attendeeId;

  const child = await api("POST", "/me/dependants", {
    token: host.token,
    body: { displayName: "Barn Vært", dateOfBirth: "2018-05-01" },
  });
  expect(child.status, child.text).toBe(201);
  ids.child = child.body.id;

  const dropIn = await db.product.create({
    data: { accountId: tenant.accountId, type: "drop_in", name: "Drop-in", classAllowance: 1, status: "active" },
  });
  const price = await db.price.create({
    data: { accountId: tenant.accountId, productId: dropIn.id, amount: 15_000, currency: "DKK", position: 0 },
  });
  signInAs(teacher.token);
  expect(
    await addWalkInAction(formData({ instanceId: lesson.id, displayName: "Peter Dør", priceId: price.id })),
  ).toEqual({ ok: true, message: "Booked and checked in." });
  ids.walkIn = (
    await db.membership.findFirstOrThrow({ where: { accountId: tenant.accountId, displayName: "Peter Dør" } })
  ).userId;

  // the host buys the child a drop-in (POST /checkout forUserId): the host pays, the child holds it
  const bought = await api("POST", "/checkout", {
    token: host.token,
    body: { productId: dropIn.id, priceId: price.id, forUserId: ids.child },
  });
  expect(bought.status, bought.text).toBe(201);
  ids.childOrder = bought.body.order.id;

  // the stand-ins are still what the table holds
  for (const id of [ids.walkIn, ids.guest, ids.child])
    expect((await db.user.findUniqueOrThrow({ where: { id } })).email).toMatch(/\.invalid$/);
});

const withoutAddress = () => [ids.walkIn, ids.guest, ids.child];

describe("GET /users and its search", () => {
  it("answers email: null for a walk-in, a guest and a dependant without an address", async () => {
    const response = await api("GET", "/users", { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain(".invalid");
    const byId = new Map(response.body.map((person: { id: string; email: string | null }) => [person.id, person]));
    for (const id of withoutAddress()) expect(byId.get(id)).toMatchObject({ id, email: null });
    expect(byId.get(host.userId)).toMatchObject({ email: host.email });
  });

  it("finds such a person by name, never by the stand-in address", async () => {
    const found = await api("GET", `/users?q=${encodeURIComponent("peter dør")}`, { token: tenant.admin.token });
    expect(found.body).toEqual([expect.objectContaining({ id: ids.walkIn, email: null })]);
    for (const q of ["invalid", "no email", "no-email", "dependant", "dependant.invalid"]) {
      const response = await api("GET", `/users?q=${encodeURIComponent(q)}`, { token: tenant.admin.token });
      expect(response.status).toBe(200);
      expect(response.body, q).toEqual([]);
    }
    // nor by a piece of the stand-in's own random part
    const stored = (await db.user.findUniqueOrThrow({ where: { id: ids.walkIn } })).email;
    const piece = stored.split("@")[0]!.split("-")[0]!;
    expect((await api("GET", `/users?q=${piece}`, { token: tenant.admin.token })).body).toEqual([]);
  });

  it("answers a teacher's search (PersonSummary) with email: null", async () => {
    const response = await api("GET", `/users?q=${encodeURIComponent("gæst")}`, { token: teacher.token });
    expect(response.body).toEqual([{ id: ids.guest, displayName: "Gæst Uden Adresse", email: null }]);
  });

  it("pages through everyone, forwards and back, by the page's own keys (the dashboard's links)", async () => {
    const db_ = tenantDb(tenant.accountId);
    const all = (await listUsers({ db: db_, accountId: tenant.accountId, viewer: "administrator" })).items.map(
      (p) => p.id,
    );
    const forwards: string[] = [];
    let after: PersonKey | undefined;
    let lastKey: PersonKey | null = null;
    for (;;) {
      const page = await listUsers({ db: db_, accountId: tenant.accountId, viewer: "administrator", limit: 1, after });
      forwards.push(...page.items.map((p) => p.id));
      lastKey = page.lastKey;
      if (!page.next) break;
      after = page.lastKey!;
    }
    expect(forwards).toEqual(all);
    const backwards: string[] = [];
    let before: PersonKey | undefined = undefined;
    // from the end: the page before one past the last person, then before each page's first
    const end = await listUsers({
      db: db_,
      accountId: tenant.accountId,
      viewer: "administrator",
      limit: 1,
      after: lastKey!,
    });
    expect(end.items).toEqual([]);
    before = lastKey!;
    backwards.unshift(all[all.length - 1]!);
    for (;;) {
      const page = await listUsers({ db: db_, accountId: tenant.accountId, viewer: "administrator", limit: 1, before });
      if (page.items.length === 0) break;
      backwards.unshift(...page.items.map((p) => p.id));
      before = page.firstKey!;
    }
    expect(backwards).toEqual(all);
  });
});

describe("what embeds a person", () => {
  it("the roster and the dependants' list answer email: null", async () => {
    const roster = await api("GET", `/instances/${lesson.id}/roster`, { token: tenant.admin.token });
    expect(roster.status).toBe(200);
    expect(roster.text).not.toContain(".invalid");
    const attendees = roster.body.map((entry: { attendee: { id: string; email: string | null } }) => entry.attendee);
    expect(attendees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ids.walkIn, email: null }),
        expect.objectContaining({ id: ids.guest, email: null }),
      ]),
    );
    const children = await api("GET", "/me/dependants", { token: host.token });
    expect(children.body).toEqual([expect.objectContaining({ id: ids.child, email: null })]);
  });

  it("the person page's and the orders page's people carry no stand-in address", async () => {
    const viewerDb = tenantDb(tenant.accountId);
    for (const id of withoutAddress())
      expect(await getPerson({ db: viewerDb, userId: id })).toMatchObject({ email: null });
    const orders = await db.order.findMany({ where: { accountId: tenant.accountId } });
    expect(orders.map((order) => order.userId)).toContain(ids.walkIn);
    const buyers = await listOrderBuyers({ orders });
    const sold = orders.find((order) => order.userId === ids.walkIn)!;
    const receipt = await api("GET", `/orders/${sold.id}/receipt`, { token: tenant.admin.token });
    expect(receipt.status).toBe(200);
    const text = await pdfText(receipt.bytes);
    expect(text).toContain("Peter Dør");
    expect(text).not.toContain(".invalid");
    expect(buyers.find((buyer) => buyer.id === ids.walkIn)).toMatchObject({ displayName: "Peter Dør", email: null });
  });
});

describe("the words a person reads instead of an address", () => {
  it("say Ingen e-mail, Barn af or Gæst af the host on the people list and the person page", async () => {
    const t = translatorFor("da", "Contact");
    const contacts = await contactsOf({ db: tenantDb(tenant.accountId), userIds: withoutAddress() });
    const listed = withoutAddress().map((id) => contactLabel(contacts.get(id)!.contact, t));
    expect(listed).toEqual(["Ingen e-mail", "Gæst af Hanne Vært", "Barn af Hanne Vært"]);
    const pages = await Promise.all(
      withoutAddress().map(async (id) =>
        contactLabel(await getPerson({ db: tenantDb(tenant.accountId), userId: id }), t),
      ),
    );
    expect(pages).toEqual(listed);
    expect(contactLabel({ email: host.email, guardian: null }, t)).toBe(host.email);
  });

  it("name the guardian as who paid for the child's order, the child as whom it was for", async () => {
    const order = await db.order.findUniqueOrThrow({ where: { id: ids.childOrder } });
    expect(order.userId).toBe(ids.child);
    const [buyer] = await listOrderBuyers({ orders: [order] });
    expect(buyer).toMatchObject({ id: ids.child, paidFor: "Barn Vært", payer: { displayName: "Hanne Vært" } });
    expect(contactLabel(buyer!.payer, translatorFor("da", "Contact"))).toBe(host.email);
    const receipt = await api("GET", `/orders/${order.id}/receipt`, { token: tenant.admin.token });
    expect(receipt.status).toBe(200);
    const text = await pdfText(receipt.bytes);
    expect(text).toContain(`Hanne Vært <${host.email}>, for Barn Vært`);
    expect(text).not.toContain(".invalid");
  });

  it("of the receipt email to the guardian name the child, with one full stop after the amount", async () => {
    const [email] = await waitForEmailsAbout(host.email, /Kvittering/);
    expect(email!.text).toContain("Du har betalt 150,00\u00a0kr. for Drop-in til Barn Vært hos"); // a no-break space before kr.
    expect(email!.text).not.toContain("kr..");
    expect(email!.text + email!.html).not.toContain(".invalid");
  });
});

describe("the exports", () => {
  const csv = async (path: string) => {
    const response = await api("GET", path, { token: tenant.admin.token });
    expect(response.status).toBe(200);
    return response.text;
  };
  const emailOf = (text: string, id: string, idColumn: string, emailColumn = "email") => {
    const [header, ...rows] = parseCsv(text);
    const row = rows.find((cells) => cells[header!.indexOf(idColumn)] === id);
    expect(row, `${idColumn} ${id}`).toBeDefined();
    return row![header!.indexOf(emailColumn)];
  };

  it("leave the email cell of such a person empty in people.csv, bookings.csv and orders.csv", async () => {
    const people = await csv("/exports/people.csv");
    expect(people).not.toContain(".invalid");
    for (const id of withoutAddress()) expect(emailOf(people, id, "id")).toBe("");
    expect(emailOf(people, host.userId, "id")).toBe(host.email);
    const bookings = await csv("/exports/bookings.csv");
    expect(bookings).not.toContain(".invalid");
    expect(emailOf(bookings, ids.walkIn, "attendeeId", "attendeeEmail")).toBe("");
    const orders = await csv("/exports/orders.csv");
    expect(orders).not.toContain(".invalid");
    expect(emailOf(orders, ids.walkIn, "userId", "userEmail")).toBe("");
  });

  it("hold no stand-in address anywhere in the studio zip", async () => {
    const response = await api("GET", "/exports/studio.zip", { token: tenant.admin.token });
    expect(response.status).toBe(200);
    const files = unzipSync(response.bytes);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["people.csv", "passes.csv", "bookings.csv", "orders.csv"]),
    );
    for (const [name, bytes] of Object.entries(files))
      expect(new TextDecoder().decode(bytes), name).not.toContain(".invalid");
    expect(emailOf(new TextDecoder().decode(files["people.csv"]!), ids.walkIn, "id")).toBe("");
    expect(emailOf(new TextDecoder().decode(files["passes.csv"]!), "Peter Dør", "displayName")).toBe("");
  });
});

describe("the emails", () => {
  it("of a guest without an address go to the host; nothing is written to a stand-in address", async () => {
    const toHost = await waitForEmails(host.email);
    expect(toHost.length).toBeGreaterThan(0);
    // the walk-in's confirmation and payment email were sent (their outbox rows are gone) to no one
    for (;;) {
      const waiting =
        (await db.bookingEmail.count({ where: { booking: { attendeeId: ids.walkIn } } })) +
        (await db.noticeEmail.count({ where: { userId: ids.walkIn } }));
      if (waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readOutbox().filter((email) => /\.invalid$/i.test(email.to))).toEqual([]);
  });
});
