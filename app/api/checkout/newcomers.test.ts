// Intro offers (issue 33 §5): a `newcomersOnly` product is bought only by a person with no earlier
// paid order and no attended class at this studio; the passes page offers it first to them and not at
// all to anyone else. Provider `demo`: a checkout is paid at once.
import { beforeEach, describe, expect, it } from "vitest";
import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY } from "../bookings/booking-test-data";

type Product = { id: string; newcomersOnly: boolean; prices: { id: string }[] };

let tenant: TestTenant;
let newcomer: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  newcomer = await createMember(tenant.accountId, "attendee");
});

async function product(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", {
    token,
    body: {
      type: "class_pass",
      classAllowance: 4,
      name: "Pass",
      status: "active",
      prices: [{ amount: 19900, currency: "DKK" }],
      ...body,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

const intro = () => product({ name: "2 uger for 199 kr.", validityDays: 14, newcomersOnly: true });
const purchase = (p: Product) => ({ productId: p.id, priceId: p.prices[0]!.id });
const quote = (member: TestMember, p: Product) =>
  api("POST", "/checkout/quote", { token: member.token, body: purchase(p) });
const checkout = (member: TestMember, p: Product) =>
  api("POST", "/checkout", { token: member.token, body: purchase(p) });

/** A class the member attended (checked in at the door). */
async function attended(member: TestMember): Promise<void> {
  const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - DAY) });
  await db.booking.create({
    data: {
      accountId: tenant.accountId,
      instanceId: lesson.id,
      attendeeId: member.userId,
      status: "confirmed",
      attendance: "attended",
    },
  });
}

describe("newcomersOnly on products", () => {
  it("is false by default, written on create and update, and read back", async () => {
    const plain = await product({});
    expect(plain.newcomersOnly).toBe(false);
    const offer = await intro();
    expect(offer.newcomersOnly).toBe(true);
    const listed = await api("GET", "/products", { token: tenant.admin.token });
    expect(listed.body.find((p: Product) => p.id === offer.id).newcomersOnly).toBe(true);
    const updated = await api("PATCH", `/products/${plain.id}`, {
      token: tenant.admin.token,
      body: { newcomersOnly: true },
    });
    expect(updated.body.newcomersOnly).toBe(true);
    const invalid = await api("PATCH", `/products/${plain.id}`, {
      token: tenant.admin.token,
      body: { newcomersOnly: "yes" },
    });
    expect(invalid.status).toBe(400);
  });
});

describe("POST /checkout/quote and POST /checkout of an intro offer", () => {
  it("sell it to a newcomer once: after that paid order both answer 409 Only for new customers", async () => {
    const offer = await intro();
    expect((await quote(newcomer, offer)).status).toBe(200);
    const bought = await checkout(newcomer, offer);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.order.status).toBe("paid");

    for (const answer of [await quote(newcomer, offer), await checkout(newcomer, offer)]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: "Only for new customers" });
    }
  });

  it("refuse a person with an earlier paid order of another product, a refunded one too", async () => {
    const offer = await intro();
    const other = await product({ name: "10-klippekort" });
    const bought = await checkout(newcomer, other);
    expect(bought.status).toBe(201);
    await db.order.update({
      where: { id: bought.body.order.id },
      data: { status: "refunded", refundedAt: new Date() },
    });
    expect((await quote(newcomer, offer)).body).toEqual({ error: "Only for new customers" });
    expect((await checkout(newcomer, offer)).body).toEqual({ error: "Only for new customers" });
  });

  it("refuse a person who attended a class here, but not one whose place was a no-show or a paid order elsewhere", async () => {
    const offer = await intro();
    const regular = await createMember(tenant.accountId, "attendee");
    await attended(regular);
    expect((await quote(regular, offer)).body).toEqual({ error: "Only for new customers" });
    expect((await checkout(regular, offer)).status).toBe(409);

    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() - DAY) });
    await db.booking.create({
      data: {
        accountId: tenant.accountId,
        instanceId: lesson.id,
        attendeeId: newcomer.userId,
        status: "confirmed",
        attendance: "no_show",
      },
    });
    const elsewhere = await createTenant();
    await db.membership.create({
      data: { accountId: elsewhere.accountId, userId: newcomer.userId, persona: "attendee" },
    });
    await db.order.create({
      data: {
        accountId: elsewhere.accountId,
        userId: newcomer.userId,
        productId: (await product({}, elsewhere.admin.token)).id,
        priceId: (await db.price.findFirstOrThrow({ where: { accountId: elsewhere.accountId } })).id,
        amount: 19900,
        currency: "DKK",
        status: "paid",
        provider: "demo",
        paidAt: new Date(),
      },
    });
    expect((await quote(newcomer, offer)).status).toBe(200);
  });

  it("checks the purchase limit first and the price's age rule after", async () => {
    const limited = await product({ name: "Intro", newcomersOnly: true, purchaseLimitPerUser: 1 });
    expect((await checkout(newcomer, limited)).status).toBe(201);
    expect((await checkout(newcomer, limited)).body).toEqual({ error: "Purchase limit reached" });

    const senior = await product({ newcomersOnly: true, prices: [{ amount: 9900, currency: "DKK", minAge: 65 }] });
    const regular = await createMember(tenant.accountId, "attendee");
    await attended(regular);
    expect((await quote(regular, senior)).body).toEqual({ error: "Only for new customers" });
    const fresh = await createMember(tenant.accountId, "attendee");
    expect((await quote(fresh, senior)).body).toEqual({ error: "Not eligible for this price" });
  });
});

describe("the passes page's list", () => {
  it("shows an intro offer first to a newcomer and to a visitor, and not at all to anyone else", async () => {
    const plain = await product({ name: "10-klippekort" });
    const offer = await intro();
    const names = (products: { name: string }[]) => products.map((p) => p.name);

    expect(names(await listPublicProducts({ slug: tenant.slug, viewerId: newcomer.userId }))).toEqual([
      "2 uger for 199 kr.",
      "10-klippekort",
    ]);
    expect(names(await listPublicProducts({ slug: tenant.slug }))).toEqual(["2 uger for 199 kr.", "10-klippekort"]);
    const anonymous = await api("GET", `/public/accounts/${tenant.slug}/products`);
    expect(anonymous.body.map((p: Product) => [p.id, p.newcomersOnly])).toEqual([
      [offer.id, true],
      [plain.id, false],
    ]);

    expect((await checkout(newcomer, plain)).status).toBe(201);
    expect(names(await listPublicProducts({ slug: tenant.slug, viewerId: newcomer.userId }))).toEqual([
      "10-klippekort",
    ]);
  });

  it("offers an intro offer to buy for a class to a newcomer only", async () => {
    await product({ name: "10-klippekort" });
    await intro();
    const lesson = await createClass(tenant.accountId);
    const offered = async (member: TestMember) =>
      (await api("GET", `/instances/${lesson.id}/booking-options`, { token: member.token })).body.products.map(
        (p: { name: string }) => p.name,
      );
    expect(await offered(newcomer)).toEqual(["2 uger for 199 kr.", "10-klippekort"]);
    const regular = await createMember(tenant.accountId, "attendee");
    await attended(regular);
    expect(await offered(regular)).toEqual(["10-klippekort"]);
  });
});
