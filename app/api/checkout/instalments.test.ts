// A course product's price paid in instalments (issue 32 §2), with the demo provider (paid at once):
// the first order is a part of the price and enrols the buyer in the whole course; the renewal job
// takes each later instalment on its monthly due date, exactly once. The job's clock is injected
// (the first payment is dated 31 January 2025, a fixed day), and the course is dated in 2099, so
// nothing depends on when the test runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewSubscriptions } from "@/lib/commerce/renew-subscriptions";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { pdfText } from "@/tests/helpers/pdf";

const HOUR = 3_600_000;
/** The file's PostgreSQL database, which app processes can share; PGlite runs no second process. */
const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
const FIRST_PAID = new Date("2025-01-31T10:00:00.000Z");
const SIX_WEEKS = Array.from({ length: 6 }, (_, week) => new Date(Date.UTC(2099, 0, 13 + 7 * week, 17)));

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

type Product = { id: string; prices: { id: string; instalments: number | null }[] };
type OrderDto = {
  id: string;
  amount: number;
  status: string;
  instalmentOf: string | null;
  instalment: number | null;
  instalments: number | null;
};

async function courseEvent(capacity = 6) {
  const event = await db.event.create({
    data: { accountId: tenant.accountId, title: "Sæsonhold", durationMinutes: 60, capacity, status: "published" },
  });
  const instances = await Promise.all(
    SIX_WEEKS.map((startsAt) =>
      db.instance.create({
        data: {
          accountId: tenant.accountId,
          eventId: event.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
          capacity,
        },
      }),
    ),
  );
  return { eventId: event.id, instanceIds: instances.map((instance) => instance.id) };
}

async function seasonClass(
  amount = 100000,
  instalments = 3,
): Promise<Product & { eventId: string; instanceIds: string[] }> {
  const course = await courseEvent();
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "custom",
      name: "Sæsonhold",
      status: "active",
      courseEventId: course.eventId,
      prices: [{ amount, currency: "DKK", instalments }],
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...(response.body as Product), ...course };
}

async function buy(member: TestMember, product: Product) {
  const response = await api("POST", "/checkout", {
    token: member.token,
    body: { productId: product.id, priceId: product.prices[0]!.id },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { order: OrderDto; entitlement: { id: string } };
}

/** Dates the first payment on FIRST_PAID, the fixed day the job's clock counts from. */
const dateFirstPayment = (orderId: string) => db.order.update({ where: { id: orderId }, data: { paidAt: FIRST_PAID } });

const runJob = (now: Date) => renewSubscriptions({ db: tenantDb(tenant.accountId), accountId: tenant.accountId, now });

const laterInstalments = (firstId: string) =>
  db.order.findMany({ where: { instalmentOf: firstId }, orderBy: { instalment: "asc" } });

describe("a price paid in instalments", () => {
  it("is for course products only, 2 to 12, and reads back on the product", async () => {
    const product = await seasonClass(90000, 3);
    expect(product.prices[0]!.instalments).toBe(3);

    const pass = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        name: "Klippekort",
        classAllowance: 10,
        prices: [{ amount: 90000, currency: "DKK", instalments: 3 }],
      },
    });
    expect(pass.status).toBe(400);
    expect(pass.body.details).toContainEqual({
      path: "prices.0.instalments",
      message: "Only a course product's price can be paid in instalments",
      code: "instalments_course_only",
    });
    for (const instalments of [1, 13, 2.5]) {
      const refused = await api("PATCH", `/products/${product.id}`, {
        token: tenant.admin.token,
        body: { prices: [{ id: product.prices[0]!.id, amount: 90000, currency: "DKK", instalments }] },
      });
      expect(refused.status, String(instalments)).toBe(400);
    }
    // A course product that stops being one cannot keep instalments.
    const uncoursed = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { courseEventId: null },
    });
    expect(uncoursed.status).toBe(400);

    const listed = await api("GET", `/public/accounts/${tenant.slug}/products`);
    const publicProduct = (listed.body as Product[]).find((p) => p.id === product.id);
    expect(publicProduct?.prices[0]?.instalments).toBe(3);
  });

  it("quotes and charges the first instalment, and enrols the buyer in every class from it", async () => {
    const product = await seasonClass(100000, 3);
    const member = await createMember(tenant.accountId, "attendee");
    const quote = await api("POST", "/checkout/quote", {
      token: member.token,
      body: { productId: product.id, priceId: product.prices[0]!.id },
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      amount: 33333,
      total: 33333,
      instalments: { count: 3, amount: 33333, lastAmount: 33334, total: 100000 },
    });

    const { order } = await buy(member, product);
    expect(order).toMatchObject({ amount: 33333, status: "paid", instalmentOf: null, instalment: 1, instalments: 3 });
    const bookings = await db.booking.findMany({
      where: { attendeeId: member.userId, instanceId: { in: product.instanceIds }, status: "confirmed" },
    });
    expect(bookings).toHaveLength(6);

    const mine = await api("GET", "/me/orders", { token: member.token });
    expect(mine.body).toEqual([expect.objectContaining({ id: order.id, instalment: 1, instalments: 3 })]);
    // six booking confirmations and the payment email, whose receipt names the instalment
    const emails = await waitForEmails(member.email, 7);
    expect(emails.find((email) => email.subject.startsWith("Kvittering"))?.subject).toBe(
      `Kvittering fra Studio ${tenant.slug}: Sæsonhold, rate 1 af 3`,
    );
  });

  it("takes each later instalment on its monthly due date, the remainder on the last, once", async () => {
    const product = await seasonClass(100000, 3);
    const member = await createMember(tenant.accountId, "attendee");
    const { order } = await buy(member, product);
    await dateFirstPayment(order.id);

    // 31 January + 1 month = 28 February (the month's last day), + 2 months = 31 March.
    expect(await runJob(new Date("2025-02-28T09:59:59.000Z"))).toEqual({ renewed: 0, instalments: 0 });
    expect(await runJob(new Date("2025-02-28T10:00:00.000Z"))).toEqual({ renewed: 0, instalments: 1 });
    expect(await runJob(new Date("2025-03-15T10:00:00.000Z"))).toEqual({ renewed: 0, instalments: 0 });
    let later = await laterInstalments(order.id);
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({
      instalmentOf: order.id,
      instalment: 2,
      instalments: 3,
      amount: 33333,
      status: "paid",
      provider: "demo",
      paidAt: new Date("2025-02-28T10:00:00.000Z"),
    });

    expect(await runJob(new Date("2025-03-31T10:00:00.000Z"))).toEqual({ renewed: 0, instalments: 1 });
    expect(await runJob(new Date("2025-09-01T10:00:00.000Z"))).toEqual({ renewed: 0, instalments: 0 });
    later = await laterInstalments(order.id);
    expect(later.map((o) => [o.instalment, o.amount])).toEqual([
      [2, 33333],
      [3, 33334],
    ]);
    // 1000 kr. in all, and the course stays whole: nothing was booked or cancelled by the instalments.
    expect(order.amount + later.reduce((sum, o) => sum + o.amount, 0)).toBe(100000);

    const listed = await api("GET", `/users/${member.userId}/orders`, { token: tenant.admin.token });
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: later[1]!.id, instalmentOf: order.id, instalment: 3, instalments: 3 }),
      ]),
    );
    const receipt = await api("GET", `/me/orders/${later[1]!.id}/receipt`, { token: member.token });
    expect(receipt.status).toBe(200);
    expect(await pdfText(receipt.bytes)).toContain("Sæsonhold, rate 3 af 3");
  });

  it("catches up every instalment due when the job has not run, through POST /admin/jobs/renew-subscriptions", async () => {
    const product = await seasonClass(90000, 3);
    const member = await createMember(tenant.accountId, "attendee");
    const { order } = await buy(member, product);
    await dateFirstPayment(order.id); // January 2025: both later instalments are due by any later day

    const run = await api("POST", "/admin/jobs/renew-subscriptions", { token: tenant.admin.token });
    expect(run).toMatchObject({ status: 200, body: { instalments: 2 } });
    expect((await laterInstalments(order.id)).map((o) => [o.instalment, o.amount])).toEqual([
      [2, 30000],
      [3, 30000],
    ]);
    const again = await api("POST", "/admin/jobs/renew-subscriptions", { token: tenant.admin.token });
    expect(again.body).toMatchObject({ instalments: 0 });
  });

  it("counts a purchase paid in instalments once against the purchase limit", async () => {
    const product = await seasonClass(90000, 3);
    const limited = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { purchaseLimitPerUser: 2 },
    });
    expect(limited.status).toBe(200);
    const member = await createMember(tenant.accountId, "attendee");
    const { order } = await buy(member, product);
    await dateFirstPayment(order.id);
    expect(await runJob(new Date("2025-04-01T00:00:00.000Z"))).toMatchObject({ instalments: 2 });
    await buy(member, product); // three paid orders, one purchase: the second purchase is allowed
    const third = await api("POST", "/checkout", {
      token: member.token,
      body: { productId: product.id, priceId: product.prices[0]!.id },
    });
    expect(third).toMatchObject({ status: 409, body: { error: "Purchase limit reached" } });
  });

  it("creates each instalment exactly once when several runs race", async () => {
    const product = await seasonClass(60000, 2);
    const buyers = await Promise.all([1, 2, 3].map(() => createMember(tenant.accountId, "attendee")));
    const firsts = [];
    for (const buyer of buyers) firsts.push((await buy(buyer, product)).order);
    await Promise.all(firsts.map((order) => dateFirstPayment(order.id)));

    const now = new Date("2025-03-01T00:00:00.000Z");
    const results = await Promise.all([runJob(now), runJob(now), runJob(now), runJob(now)]);
    expect(results.reduce((sum, result) => sum + result.instalments, 0)).toBe(3);
    for (const order of firsts) {
      expect((await laterInstalments(order.id)).map((o) => o.instalment)).toEqual([2]);
    }
  });

  it("takes no more instalments of a refunded purchase, nor a desk grant's (paid in full at the desk)", async () => {
    const product = await seasonClass(90000, 3);
    const member = await createMember(tenant.accountId, "attendee");
    const { order } = await buy(member, product);
    await dateFirstPayment(order.id);
    const refund = await api("POST", `/orders/${order.id}/refunds`, { token: tenant.admin.token, body: {} });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    const walkIn = await createMember(tenant.accountId, "attendee");
    const grant = await api("POST", `/users/${walkIn.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: product.id, priceId: product.prices[0]!.id },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const desk = await db.order.findFirstOrThrow({ where: { userId: walkIn.userId } });
    expect(desk).toMatchObject({ provider: "desk", amount: 90000, instalment: null, instalments: null });

    expect(await runJob(new Date("2025-06-01T00:00:00.000Z"))).toMatchObject({ instalments: 0 });
    expect(await laterInstalments(order.id)).toEqual([]);
  });
});

describe.skipIf(!databaseUrl)("the renewal job in two app processes on PostgreSQL", () => {
  let servers: AppServer[] = [];

  beforeAll(async () => {
    servers = await startAppServers(2, databaseUrl!);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("takes each due instalment exactly once when both processes run it at once", async () => {
    const product = await seasonClass(120000, 4);
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(tenant.accountId, "attendee")));
    const firsts = [];
    for (const buyer of buyers) firsts.push((await buy(buyer, product)).order);
    await Promise.all(firsts.map((order) => dateFirstPayment(order.id))); // January 2025: all three later ones due

    const runs = await Promise.all(
      [...servers, ...servers].map(async (server) => {
        const response = await fetch(`${server.url}/api/admin/jobs/renew-subscriptions`, {
          method: "POST",
          headers: { authorization: `Bearer ${tenant.admin.token}` },
        });
        expect(response.status).toBe(200);
        return (await response.json()) as { instalments: number };
      }),
    );
    expect(runs.reduce((sum, run) => sum + run.instalments, 0)).toBe(15);
    for (const order of firsts) {
      expect((await laterInstalments(order.id)).map((o) => [o.instalment, o.amount])).toEqual([
        [2, 30000],
        [3, 30000],
        [4, 30000],
      ]);
    }
  }, 120_000);
});
