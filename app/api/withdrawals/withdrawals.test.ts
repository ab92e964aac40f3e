// POST /withdrawals (issue 46 §2, decision 0049): a buyer withdraws from an online purchase with the
// demo provider: what is refunded (FAL §22's share of what was used, rounded down), the order ended,
// the acknowledgment emailed, and the refusals (404 alike for every order that is not the asker's).
import { beforeEach, describe, expect, it } from "vitest";
import { createClass, DAY } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmailsAbout } from "@/tests/helpers/outbox";

let tenant: TestTenant;
let buyer: TestMember;

type Product = { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "10 klip", status: "active", purchaseLimitPerUser: null, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

const classPass = (classAllowance: number, amount: number) =>
  product({ type: "class_pass", classAllowance, prices: [{ amount, currency: "DKK" }] });

/** A demo checkout: paid at once. */
async function buy(p: Product, extra: Record<string, unknown> = {}, member = buyer) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: p.id, priceId: p.prices[0]!.id, ...extra },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return {
    orderId: response.body.order.id as string,
    receiptNumber: response.body.order.receiptNumber as number,
    entitlementId: response.body.entitlement.id as string,
  };
}

/** Money as Intl writes it has a no-break space before "kr."; the tests read it as a space. */
const plain = (text: string) => text.replaceAll("\u00a0", " ");

const withdraw = (body: Record<string, unknown>, token?: string) => api("POST", "/withdrawals", { token, body });

/** Bookings on the pass of classes that have started (attended or not), written as the roster leaves them. */
async function usedClasses(
  entitlementId: string,
  member: TestMember,
  count: number,
  extra: Record<string, unknown> = {},
) {
  for (let i = 0; i < count; i++) {
    const started = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - (i + 1) * DAY) });
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: started.id,
        attendeeId: member.userId,
        entitlementId,
        status: "confirmed",
        ...extra,
      },
    });
  }
}

describe("POST /withdrawals by a signed-in member", () => {
  it("refunds the classes not used of a pass bought to start at once, and ends the order", async () => {
    const { orderId, entitlementId } = await buy(await classPass(10, 120000), { startNow: true });
    await usedClasses(entitlementId, buyer, 2, { attendance: "attended" });
    const ahead = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 2 * DAY) });
    const booked = await api("POST", "/bookings", { token: buyer.token, body: { instanceId: ahead.id } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const response = await withdraw({ orderId }, buyer.token);

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect({ ...response.body, basis: plain(response.body.basis) }).toEqual({
      id: expect.any(String),
      orderId,
      receivedAt: expect.stringMatching(/Z$/),
      usedAmount: 24000,
      refundAmount: 96000,
      currency: "DKK",
      basis: "2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.",
      status: "refunded",
    });
    const orders = await api("GET", "/orders", { token: tenant.admin.token });
    expect(orders.body.find((o: { id: string }) => o.id === orderId)).toMatchObject({
      status: "refunded",
      refundedAmount: 96000,
    });
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlementId } })).status).toBe("revoked");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booked.body.id } })).status).toBe("cancelled_by_studio");
    const refunds = await db.refund.findMany({ where: { orderId } });
    expect(refunds.map((r) => ({ amount: r.amount, reason: r.reason }))).toEqual([
      { amount: 96000, reason: "withdrawal" },
    ]);
  });

  it("counts late cancellations and no-shows as used, rounding the share down to whole øre", async () => {
    const { orderId, entitlementId } = await buy(await classPass(7, 99999), { startNow: true });
    await usedClasses(entitlementId, buyer, 1, { attendance: "no_show" });
    const later = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 3 * DAY) });
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: later.id,
        attendeeId: buyer.userId,
        entitlementId,
        status: "late_cancelled",
      },
    });
    await usedClasses(entitlementId, buyer, 1, { status: "cancelled" }); // cancelled in time: not used

    const response = await withdraw({ orderId }, buyer.token);

    // 99999 × 2 / 7 = 28571.14…
    expect(response.body).toMatchObject({ usedAmount: 28571, refundAmount: 71428, status: "refunded" });
    expect(plain(response.body.basis)).toBe("2 af 7 klip brugt: 285,71 kr. af 999,99 kr.");
  });

  it("refunds the whole price of a pass not bought to start at once, whatever was used", async () => {
    const { orderId, entitlementId } = await buy(await classPass(10, 120000));
    await usedClasses(entitlementId, buyer, 3);

    const response = await withdraw({ orderId }, buyer.token);

    expect(response.body).toMatchObject({ usedAmount: 0, refundAmount: 120000, status: "refunded" });
    expect(plain(response.body.basis)).toBe(
      "Du bad ikke om at starte med det samme, så hele beløbet på 1.200,00 kr. refunderes, uanset hvad der er brugt.",
    );
  });

  it("writes the basis in the member's own language", async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const { orderId, entitlementId } = await buy(await classPass(10, 120000), { startNow: true });
    await usedClasses(entitlementId, buyer, 1);

    const response = await withdraw({ orderId }, buyer.token);

    expect(plain(response.body.basis)).toBe("1 of 10 classes used: 120,00 kr. of 1.200,00 kr.");
  });

  it("refuses a second withdrawal, a purchase without the right, and one past its period", async () => {
    const { orderId } = await buy(await classPass(10, 120000));
    expect((await withdraw({ orderId }, buyer.token)).status).toBe(201);
    const again = await withdraw({ orderId }, buyer.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Purchase already withdrawn" });

    const dropIn = await buy(
      await product({ type: "drop_in", name: "Enkelttime", prices: [{ amount: 15000, currency: "DKK" }] }),
    );
    const exempt = await withdraw({ orderId: dropIn.orderId }, buyer.token);
    expect(exempt.status).toBe(409);
    expect(exempt.body).toEqual({ error: "This purchase has no right of withdrawal" });

    const old = await buy(await classPass(5, 60000));
    await db.order.update({ where: { id: old.orderId }, data: { paidAt: new Date(Date.now() - 60 * DAY) } });
    const late = await withdraw({ orderId: old.orderId }, buyer.token);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: "Withdrawal period has ended" });
  });

  it("refuses an order the studio refunded already as one without the right: nothing is left to withdraw from", async () => {
    const { orderId } = await buy(await classPass(10, 120000));
    const refunded = await api("POST", `/orders/${orderId}/refunds`, { token: tenant.admin.token, body: {} });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    const response = await withdraw({ orderId }, buyer.token);

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: "This purchase has no right of withdrawal" });
  });

  it("answers 404 alike for another member's order and another studio's, and 401 without a session", async () => {
    const { orderId } = await buy(await classPass(10, 120000));
    const other = await createMember(tenant.accountId, "attendee");
    const elsewhere = await createTenant();
    const stranger = await createMember(elsewhere.accountId, "attendee");

    for (const token of [other.token, stranger.token, elsewhere.admin.token]) {
      const response = await withdraw({ orderId }, token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "Resource not found" });
    }
    expect((await withdraw({ orderId })).status).toBe(401);
    const key = await api("POST", "/api-keys", { token: tenant.admin.token, body: { name: "Sync" } });
    expect((await withdraw({ orderId }, key.body.secret)).status).toBe(403); // an API key is no person
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("paid");
  });
});

describe("POST /withdrawals without a session", () => {
  it("takes the buyer's email in any case with the receipt number, and emails the acknowledgment", async () => {
    const { orderId, receiptNumber, entitlementId } = await buy(await classPass(10, 120000), { startNow: true });
    await usedClasses(entitlementId, buyer, 2);

    const response = await withdraw({
      accountSlug: tenant.slug,
      name: "Ida Holm",
      email: buyer.email.toUpperCase(),
      receiptNumber,
    });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ orderId, usedAmount: 24000, refundAmount: 96000, status: "refunded" });
    const withdrawal = await db.withdrawal.findUniqueOrThrow({ where: { orderId } });
    expect({ name: withdrawal.name, email: withdrawal.email }).toEqual({
      name: "Ida Holm",
      email: buyer.email.toUpperCase(),
    });
    const [ack] = await waitForEmailsAbout(buyer.email, /^Vi har modtaget din fortrydelse: 10 klip hos /);
    expect(ack!.locale).toBe("da");
    const text = plain(ack!.text);
    expect(text).toContain(`Køb: 10 klip, kvittering nr. ${receiptNumber}.`);
    expect(text).toContain("Brugt: 240,00 kr.\n2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.");
    expect(text).toContain("Vi refunderer 960,00 kr. til dig");
    // the date and time it was received, in the studio's zone
    expect(text).toMatch(/Vi modtog din fortrydelse af dit køb hos Studio [\w-]+ \S+ \d+\. \S+ \d{4}, \d{2}\.\d{2}\./);
  });

  it("answers 404 alike for an email or a receipt number that does not match and an unknown studio, emailing nothing", async () => {
    const { orderId, receiptNumber } = await buy(await classPass(10, 120000));
    const asked = { accountSlug: tenant.slug, name: "Ida Holm", email: buyer.email, receiptNumber };
    const before = readOutbox().length;

    for (const body of [
      { ...asked, email: "someone-else@example.com" },
      { ...asked, receiptNumber: receiptNumber + 1000 },
      { ...asked, accountSlug: "no-such-studio" },
    ]) {
      const response = await withdraw(body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "Resource not found" });
    }

    expect(await db.withdrawal.count({ where: { orderId } })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      readOutbox()
        .slice(before)
        .filter((email) => /fortrydelse/i.test(email.subject)),
    ).toEqual([]);
  });

  it("is limited per client IP, as sign-in is: 429 past the limit, even for the right buyer", async () => {
    const previous = process.env.RATE_LIMIT_MAGIC_LINK_PER_IP;
    process.env.RATE_LIMIT_MAGIC_LINK_PER_IP = "2";
    resetEnvCache();
    try {
      const { receiptNumber } = await buy(await classPass(10, 120000));
      const headers = { [CLIENT_ADDRESS_HEADER]: "10.46.0.1" };
      const guess = (n: number) =>
        api("POST", "/withdrawals", {
          headers,
          body: { accountSlug: tenant.slug, name: "Guess", email: buyer.email, receiptNumber: receiptNumber + n },
        });
      expect((await guess(100)).status).toBe(404);
      expect((await guess(101)).status).toBe(404);
      const limited = await guess(0);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: "Too many requests" });
    } finally {
      if (previous === undefined) delete process.env.RATE_LIMIT_MAGIC_LINK_PER_IP;
      else process.env.RATE_LIMIT_MAGIC_LINK_PER_IP = previous;
      resetEnvCache();
    }
  });

  it("refuses a body that is neither form", async () => {
    const response = await withdraw({ accountSlug: tenant.slug, email: buyer.email });
    expect(response.status).toBe(400);
  });
});
