// POST /orders/{orderId}/refunds with `amount` and `classes`: parts of an order refunded, each with its
// own credit note emailed to the payer, then the rest; what a refund leaves of the pass and its bookings.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createClass, DAY, HOUR } from "@/app/api/bookings/booking-test-data";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, type OutboxEmail } from "@/tests/helpers/outbox";
import { parseCsv } from "@/tests/helpers/csv";
import { isPdf, pdfText } from "@/tests/helpers/pdf";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

/** A five-class pass for 500 kr. bought with the demo provider (paid at once): the order and its pass. */
async function buyPass(member: TestMember) {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "class_pass",
      classAllowance: 5,
      name: "Five classes",
      status: "active",
      prices: [{ amount: 50000, currency: "DKK" }],
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { orderId: response.body.order.id as string, entitlementId: response.body.entitlement.id as string };
}

const refund = (orderId: string, body?: unknown) =>
  api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, body });

const refundsOf = (orderId: string) => db.refund.findMany({ where: { orderId }, orderBy: { creditNoteNumber: "asc" } });
const passOf = (id: string) => db.entitlement.findUniqueOrThrow({ where: { id } });

/** The refund emails to `to` once `count` are in the outbox, oldest first. */
async function creditNoteEmails(to: string, count: number): Promise<OutboxEmail[]> {
  // PDFs are rendered in the email workers: on a busy machine that takes a while
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = readOutbox().filter((email) => email.to === to && email.subject.startsWith("Kreditnota fra"));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} credit note emails, found ${found.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("partial refunds", () => {
  it("refunds two parts, then the rest: paid, paid, refunded, each with its own credit note emailed as a PDF", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, entitlementId } = await buyPass(member);

    const first = await refund(orderId, { amount: 20000, reason: "Two classes cancelled" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: "paid", refundedAmount: 20000, refundedAt: null });
    const second = await refund(orderId, { amount: 15000 });
    expect(second.body).toMatchObject({ status: "paid", refundedAmount: 35000, refundedAt: null });
    expect((await passOf(entitlementId)).status).toBe("active"); // a part keeps the pass
    const rest = await refund(orderId);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({ status: "refunded", refundedAmount: 50000, refundedAt: expect.any(String) });
    expect((await passOf(entitlementId)).status).toBe("revoked");

    const refunds = await refundsOf(orderId);
    expect(refunds.map((r) => [r.creditNoteNumber, r.amount, r.reason])).toEqual([
      [1, 20000, "Two classes cancelled"],
      [2, 15000, null],
      [3, 15000, null],
    ]);
    // VAT-free studio: none on the credit notes either.
    expect(refunds.map((r) => r.vatAmount)).toEqual([null, null, null]);

    // sent at once, each its own PDF: in the order of their credit notes here
    const emails = (await creditNoteEmails(member.email, 3)).sort((a, b) =>
      a.attachments![0]!.filename.localeCompare(b.attachments![0]!.filename),
    );
    expect(emails.map((email) => email.attachments?.map((a) => [a.filename, a.contentType]))).toEqual([
      [["credit-note-1.pdf", "application/pdf"]],
      [["credit-note-2.pdf", "application/pdf"]],
      [["credit-note-3.pdf", "application/pdf"]],
    ]);
    expect(emails[0]!.subject).toBe(`Kreditnota fra Studio ${tenant.slug}: Five classes`);
    expect(emails[0]!.text).toContain("200,00");
    const pdf = Buffer.from(emails[0]!.attachments![0]!.content, "base64");
    expect(isPdf(pdf)).toBe(true);
    const text = await pdfText(pdf);
    expect(text).toContain("Kreditnota");
    expect(text).toMatch(/Kreditnotanr\.:\s*1/);
    expect(text).toContain("-200,00");
    expect(await pdfText(Buffer.from(emails[1]!.attachments![0]!.content, "base64"))).toMatch(/Kreditnotanr\.:\s*2/);
  }, 90_000); // three refunds and four PDFs

  it("puts each refund in the journal as a line of its own amount", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buyPass(member);
    expect((await refund(orderId, { amount: 20000 })).status).toBe(200);
    expect((await refund(orderId)).status).toBe(200);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

    const response = await api("GET", `/exports/journal.csv?from=${day(-1)}&to=${day(1)}`, {
      token: tenant.admin.token,
    });
    expect(response.status, response.text).toBe(200);
    const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ""));
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[column("kind")], row[column("amount")]])).toEqual([
      ["sale", "500"],
      ["refund", "-200"],
      ["refund", "-300"],
    ]);
  });

  it("answers 409 past what is left and changes nothing", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buyPass(member);

    const tooMuch = await refund(orderId, { amount: 50001 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toEqual({ error: "Refund exceeds what was paid" });
    expect((await refund(orderId, { amount: 40000 })).status).toBe(200);
    const pastTheRest = await refund(orderId, { amount: 10001 });
    expect(pastTheRest.status).toBe(409);
    expect(pastTheRest.body).toEqual({ error: "Refund exceeds what was paid" });

    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect({ status: order.status, refundedAmount: order.refundedAmount }).toEqual({
      status: "paid",
      refundedAmount: 40000,
    });
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await refund(orderId, { amount: 10000 })).body).toMatchObject({ status: "refunded" });
    expect((await refund(orderId, { amount: 1 })).body).toEqual({ error: "Order cannot be refunded" });
  });

  it("takes `classes` off the pass for a part, and 409 past the classes left", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId, entitlementId } = await buyPass(member);

    const part = await refund(orderId, { amount: 20000, classes: 2 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await passOf(entitlementId)).toMatchObject({ status: "active", remainingClasses: 3 });
    expect((await refundsOf(orderId))[0]!.classes).toBe(2);

    const tooMany = await refund(orderId, { amount: 10000, classes: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ error: "Refund exceeds the classes left" });
    expect(await passOf(entitlementId)).toMatchObject({ remainingClasses: 3 });
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).refundedAmount).toBe(20000);

    expect((await refund(orderId, { amount: 10000, classes: 3 })).status).toBe(200);
    expect(await passOf(entitlementId)).toMatchObject({ status: "exhausted", remainingClasses: 0 });
    const emails = await creditNoteEmails(member.email, 2);
    expect(emails.map((email) => /(\d) klip er taget af dit klippekort/.exec(email.text)?.[1]).sort()).toEqual([
      "2",
      "3",
    ]);
  });

  it("never cancels a booking already attended: a full refund cancels only the future ones not checked in", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buyPass(member);
    const today = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + HOUR), title: "Hatha" });
    const later = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY), title: "Yin" });
    const attended = await api("POST", "/bookings", { token: member.token, body: { instanceId: today.id } });
    const upcoming = await api("POST", "/bookings", { token: member.token, body: { instanceId: later.id } });
    expect([attended.status, upcoming.status]).toEqual([201, 201]);
    // Checked in at the door before the class started.
    await db.booking.update({ where: { id: attended.body.id }, data: { attendance: "attended" } });

    expect((await refund(orderId)).status).toBe(200);

    const statusOf = async (id: string) => (await db.booking.findUniqueOrThrow({ where: { id } })).status;
    expect(await statusOf(attended.body.id)).toBe("confirmed");
    expect(await statusOf(upcoming.body.id)).toBe("cancelled_by_studio");
  });

  it("answers 400 for an amount that is not a positive whole number of minor units, or classes that are not", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const { orderId } = await buyPass(member);
    for (const body of [{ amount: 0 }, { amount: -100 }, { amount: 100.5 }, { amount: "100" }, { classes: 0 }]) {
      const response = await refund(orderId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect({ status: order.status, refundedAmount: order.refundedAmount }).toEqual({
      status: "paid",
      refundedAmount: 0,
    });
  });
});
