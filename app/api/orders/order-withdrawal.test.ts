// The order's `withdrawal` on the wire (issue 46 §1, decision 0049): an online purchase of a pass
// answers until when it may be withdrawn and whether it still may; a desk sale and a dated product
// answer null. The periods are placed on fixed studio days (a Wednesday, never a holiday here), so
// the test holds at any time of day and on any weekday.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

type Product = { id: string; prices: { id: string }[] };
type WireOrder = { id: string; withdrawal: { until: string; status: string } | null };

const ZONE = "Europe/Copenhagen";
let tenant: TestTenant;
let buyer: TestMember;
let pass: Product;

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "Product", status: "active", prices: [{ amount: 120000, currency: "DKK" }], ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as Product;
}

async function buy(p: Product): Promise<string> {
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: p.id, priceId: p.prices[0]!.id },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.order.id as string;
}

/** The order as GET /me/orders and GET /users/{userId}/orders answer it. */
async function wireOf(orderId: string): Promise<WireOrder> {
  const mine = await api("GET", "/me/orders", { token: buyer.token });
  const theirs = await api("GET", `/users/${buyer.userId}/orders`, { token: tenant.admin.token });
  const find = (list: WireOrder[]) => list.find((order) => order.id === orderId)!;
  expect(find(theirs.body).withdrawal).toEqual(find(mine.body).withdrawal);
  return find(mine.body);
}

/** Pays the order at noon, studio time, on `day`. */
async function paidOn(orderId: string, day: DateTime): Promise<void> {
  const at = day.set({ hour: 12 }).toJSDate();
  await db.order.update({ where: { id: orderId }, data: { paidAt: at, createdAt: at } });
}

/** The latest day at least a week back whose 14th day after is a Wednesday that is no holiday here. */
function dayEndingOnAWednesday(): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf("day").minus({ days: 1 });
  while (
    day.plus({ days: 14 }).weekday !== 3 ||
    ["12-24", "12-25", "12-31", "06-05"].includes(day.plus({ days: 14 }).toFormat("MM-dd"))
  )
    day = day.minus({ days: 1 });
  return day;
}

beforeEach(async () => {
  tenant = await createTenant({ timezone: ZONE });
  buyer = await createMember(tenant.accountId, "attendee");
  pass = await product({ type: "class_pass", classAllowance: 10, validityDays: 180 });
});

describe("an order's withdrawal", () => {
  it("an online pass: open until the end of the studio's 14th day", async () => {
    const orderId = await buy(pass);
    const paid = dayEndingOnAWednesday();
    await paidOn(orderId, paid);
    const endOfWednesday = paid.plus({ days: 15 }).startOf("day"); // midnight after the 14th day, studio time
    expect((await wireOf(orderId)).withdrawal).toEqual({ until: endOfWednesday.toUTC().toISO(), status: "open" });
  });

  it("a last day on a Saturday moves to the end of the Monday after", async () => {
    const orderId = await buy(pass);
    const paid = dayEndingOnAWednesday().minus({ days: 4 }); // its 14th day: a Saturday
    await paidOn(orderId, paid);
    const monday = paid.plus({ days: 16 });
    expect(monday.weekday).toBe(1);
    const withdrawal = (await wireOf(orderId)).withdrawal!;
    // A Monday that is a holiday (Easter, Whit Monday) moves it on a day more.
    expect([monday.plus({ days: 1 }), monday.plus({ days: 2 })].map((day) => day.toUTC().toISO())).toContain(
      withdrawal.until,
    );
  });

  it("after the period: ended", async () => {
    const orderId = await buy(pass);
    const paid = dayEndingOnAWednesday().minus({ days: 28 });
    await paidOn(orderId, paid);
    expect((await wireOf(orderId)).withdrawal).toEqual({
      until: paid.plus({ days: 15 }).startOf("day").toUTC().toISO(),
      status: "ended",
    });
  });

  it("once a withdrawal is received: withdrawn", async () => {
    const orderId = await buy(pass);
    await db.withdrawal.create({
      data: {
        accountId: tenant.accountId,
        orderId,
        name: "Ida",
        email: buyer.email,
        receivedAt: new Date(),
        usedAmount: 0,
        refundAmount: 120000,
        currency: "DKK",
        basis: "Intet brugt",
        status: "refunded",
      },
    });
    expect((await wireOf(orderId)).withdrawal?.status).toBe("withdrawn");
    const listed = await api("GET", "/orders", { token: tenant.admin.token });
    expect(listed.body.find((order: WireOrder) => order.id === orderId).withdrawal.status).toBe("withdrawn");
  });

  it("a drop-in (one dated class) and a desk sale: null", async () => {
    const dropIn = await buy(await product({ type: "drop_in" }));
    const granted = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: pass.id, priceId: pass.prices[0]!.id, note: "Paid cash" },
    });
    expect(granted.status, granted.text).toBe(201);
    const desk = await db.order.findFirstOrThrow({ where: { userId: buyer.userId, provider: "desk" } });
    expect((await wireOf(dropIn)).withdrawal).toBeNull();
    expect((await wireOf(desk.id)).withdrawal).toBeNull();
  });
});
