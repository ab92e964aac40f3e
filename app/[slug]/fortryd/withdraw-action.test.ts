// The withdrawal page's action (issue 46 §2): its two steps for a signed-in member and for a buyer
// giving name, email and receipt number, through POST /withdrawals's own functions, answered in the
// page's words.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmailsAbout } from "@/tests/helpers/outbox";
import { setTestPageLanguage } from "@/tests/helpers/page-language";
import { signInAs } from "@/tests/helpers/server-action";

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { withdrawAction } = await import("./actions");

let tenant: TestTenant;
let buyer: TestMember;

/** Money and dates as Intl writes them hold no-break spaces; the tests read them as spaces. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll("\\u00a0", " ").replaceAll("\u00a0", " "));

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  setTestPageLanguage("da");
});

afterEach(() => {
  signInAs(undefined);
  setTestPageLanguage("en");
});

/** A 10-klip pass of 1.200 kr. bought online to start at once, with two classes of it used. */
async function passWithTwoUsed() {
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "class_pass", name: "10-klip", status: "active", classAllowance: 10, prices: [{ amount: 120000, currency: "DKK" }] },
  });
  expect(product.status).toBe(201);
  const checkout = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: product.body.id, priceId: product.body.prices[0].id, startNow: true },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  for (const daysAgo of [1, 2]) {
    const started = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - daysAgo * DAY) });
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: started.id,
        attendeeId: buyer.userId,
        entitlementId: checkout.body.entitlement.id,
        status: "confirmed",
        attendance: "attended",
      },
    });
  }
  return { orderId: checkout.body.order.id as string, receiptNumber: checkout.body.order.receiptNumber as number };
}

describe("the withdrawal page, signed in", () => {
  it("shows what withdrawing will do, writes nothing until confirmed, then acknowledges it", async () => {
    const { orderId } = await passWithTwoUsed();
    signInAs(buyer.token);

    const preview = await withdrawAction(tenant.slug, { step: "preview", orderId });
    expect(plain(preview)).toMatchObject({
      ok: true,
      step: "confirm",
      preview: {
        product: "10-klip",
        paid: "1.200,00 kr.",
        used: "240,00 kr.",
        refund: "960,00 kr.",
        basis: "2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.",
      },
    });
    expect(await db.withdrawal.count({ where: { orderId } })).toBe(0);

    const done = await withdrawAction(tenant.slug, { step: "confirm", orderId });
    expect(plain(done)).toMatchObject({
      ok: true,
      step: "done",
      done: {
        product: "10-klip",
        refund: "960,00 kr.",
        basis: "2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.",
        email: buyer.email,
        pending: false,
      },
    });
    expect(done.done?.receivedAt).toMatch(/\d{4}/);
    expect(await db.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "refunded" });
    await waitForEmailsAbout(buyer.email, /^Vi har modtaget din fortrydelse: 10-klip hos /);
  });

  it("says in words that a purchase was withdrawn already, and so refunds once", async () => {
    const { orderId } = await passWithTwoUsed();
    signInAs(buyer.token);
    expect((await withdrawAction(tenant.slug, { step: "confirm", orderId })).ok).toBe(true);

    const again = await withdrawAction(tenant.slug, { step: "preview", orderId });

    expect(again).toEqual({ ok: false, error: "Købet er allerede fortrudt", code: "already_withdrawn" });
    expect(await db.refund.count({ where: { orderId } })).toBe(1);
  });

  it("finds no order of another person: the same words as an unknown one", async () => {
    const { orderId } = await passWithTwoUsed();
    const other = await createMember(tenant.accountId, "attendee");
    signInAs(other.token);

    const answer = await withdrawAction(tenant.slug, { step: "confirm", orderId });

    expect(answer).toMatchObject({ ok: false, code: "not_found" });
    expect(await db.withdrawal.count({ where: { orderId } })).toBe(0);
  });
});

describe("the withdrawal page, not signed in", () => {
  it("finds the purchase by name, email and receipt number, and withdraws it on confirming", async () => {
    const { orderId, receiptNumber } = await passWithTwoUsed();
    const asked = { name: "Ida Holm", email: buyer.email.toUpperCase(), receiptNumber: String(receiptNumber) };

    const preview = await withdrawAction(tenant.slug, { step: "preview", ...asked });
    expect(plain(preview)).toMatchObject({ ok: true, step: "confirm", preview: { refund: "960,00 kr." } });

    const done = await withdrawAction(tenant.slug, { step: "confirm", ...asked });
    expect(plain(done)).toMatchObject({ ok: true, step: "done", done: { refund: "960,00 kr.", email: asked.email } });
    expect(await db.withdrawal.findFirstOrThrow({ where: { orderId } })).toMatchObject({ name: "Ida Holm" });
  });

  it("answers an email that is not the buyer's as an unknown purchase, and withdraws nothing", async () => {
    const { orderId, receiptNumber } = await passWithTwoUsed();

    const answer = await withdrawAction(tenant.slug, {
      step: "confirm",
      name: "Ida Holm",
      email: "someone-else@example.com",
      receiptNumber: String(receiptNumber),
    });

    expect(answer).toMatchObject({
      ok: false,
      code: "not_found",
      error: "Vi kan ikke finde et køb med det kvitteringsnummer og den e-mail. Tjek kvitteringen, og prøv igen.",
    });
    expect(await db.withdrawal.count({ where: { orderId } })).toBe(0);
  });

  it("names each field left out or not valid", async () => {
    const answer = await withdrawAction(tenant.slug, { step: "preview", email: "not an email", receiptNumber: "x" });

    expect(answer.ok).toBe(false);
    expect(Object.keys(answer.fieldErrors ?? {}).sort()).toEqual(["email", "name", "receiptNumber"]);
  });
});
