import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let attendee: TestMember;
let other: TestTenant;
let eventId: string;
let otherEventId: string;

type Price = {
  id: string;
  amount: number;
  currency: string;
  interval: string | null;
  intervalCount: number | null;
  minAge: number | null;
  maxAge: number | null;
};
type Product = {
  id: string;
  type: string;
  name: string;
  status: string;
  prices: Price[];
  classAllowance: number | null;
  eligibleEventIds: string[];
};

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  other = await createTenant();
  const event = await api("POST", "/events", {
    token: tenant.admin.token,
    body: { title: "Flow", durationMinutes: 60 },
  });
  expect(event.status).toBe(201);
  eventId = event.body.id;
  const foreign = await api("POST", "/events", {
    token: other.admin.token,
    body: { title: "Theirs", durationMinutes: 60 },
  });
  otherEventId = foreign.body.id;
});

const pass = (overrides: Record<string, unknown> = {}) => ({
  type: "class_pass",
  name: "10-class pass",
  prices: [{ amount: 120000, currency: "DKK" }],
  classAllowance: 10,
  ...overrides,
});

async function createProduct(body: Record<string, unknown>, token = tenant.admin.token): Promise<Product> {
  const response = await api("POST", "/products", { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Product;
}

describe("POST /products", () => {
  it("creates a draft product whose prices get ids from the service", async () => {
    const response = await api("POST", "/products", {
      token: tenant.admin.token,
      body: pass({
        validityDays: 90,
        purchaseLimitPerUser: 2,
        eligibleEventIds: [eventId],
        prices: [
          { amount: 120000, currency: "DKK" },
          { amount: 90000, currency: "DKK", minAge: 65 },
        ],
      }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      accountId: tenant.accountId,
      type: "class_pass",
      name: "10-class pass",
      description: "",
      prices: [
        {
          id: expect.any(String),
          amount: 120000,
          currency: "DKK",
          interval: null,
          intervalCount: null,
          instalments: null,
          minAge: null,
          maxAge: null,
        },
        {
          id: expect.any(String),
          amount: 90000,
          currency: "DKK",
          interval: null,
          intervalCount: null,
          instalments: null,
          minAge: 65,
          maxAge: null,
        },
      ],
      classAllowance: 10,
      validityDays: 90,
      purchaseLimitPerUser: 2,
      eligibleEventIds: [eventId],
      courseEventId: null,
      enrolUntil: null,
      newcomersOnly: false,
      vatRate: 25,
      status: "draft",
      withdrawal: { days: 14 },
      validityMonths: null,
      customAmount: null,
      giftCardDesign: null,
    });
    expect(response.body.prices[0].id).not.toBe(response.body.prices[1].id);
  });

  it("creates a subscription with billing cadences (interval count defaults to 1)", async () => {
    const product = await createProduct({
      type: "subscription",
      name: "Unlimited",
      status: "active",
      prices: [
        { amount: 59900, currency: "DKK", interval: "month" },
        { amount: 149700, currency: "DKK", interval: "month", intervalCount: 3 },
        { amount: 549900, currency: "DKK", interval: "year" },
      ],
    });
    expect(product.status).toBe("active");
    expect(product.prices.map((p) => [p.interval, p.intervalCount])).toEqual([
      ["month", 1],
      ["month", 3],
      ["year", 1],
    ]);
  });

  it.each(["drop_in", "workshop", "teacher_training", "custom"])(
    "accepts type %s without classAllowance",
    async (type) => {
      const product = await createProduct({ type, name: type, prices: [{ amount: 0, currency: "EUR" }] });
      expect(product).toMatchObject({ type, classAllowance: null, prices: [{ amount: 0, currency: "EUR" }] });
    },
  );

  it.each([
    ["no type", { name: "A", prices: [{ amount: 1, currency: "DKK" }] }],
    ["no name", { type: "drop_in", prices: [{ amount: 1, currency: "DKK" }] }],
    ["no prices", { type: "drop_in", name: "A" }],
    ["an empty price list", { type: "drop_in", name: "A", prices: [] }],
    ["an unknown type", { type: "membership", name: "A", prices: [{ amount: 1, currency: "DKK" }] }],
    ["a negative amount", { type: "drop_in", name: "A", prices: [{ amount: -1, currency: "DKK" }] }],
    ["a fractional amount", { type: "drop_in", name: "A", prices: [{ amount: 1.5, currency: "DKK" }] }],
    ["an amount given as a string", { type: "drop_in", name: "A", prices: [{ amount: "100", currency: "DKK" }] }],
    ["a lower-case currency", { type: "drop_in", name: "A", prices: [{ amount: 1, currency: "dkk" }] }],
    ["a four-letter currency", { type: "drop_in", name: "A", prices: [{ amount: 1, currency: "DKKK" }] }],
    [
      "a price id chosen by the client",
      { type: "drop_in", name: "A", prices: [{ id: "mine", amount: 1, currency: "DKK" }] },
    ],
    ["an unknown price field", { type: "drop_in", name: "A", prices: [{ amount: 1, currency: "DKK", discount: 5 }] }],
    [
      "a subscription price without interval",
      { type: "subscription", name: "A", prices: [{ amount: 1, currency: "DKK" }] },
    ],
    [
      "an interval on a one-off product",
      { type: "drop_in", name: "A", prices: [{ amount: 1, currency: "DKK", interval: "month" }] },
    ],
    [
      "an unknown interval",
      { type: "subscription", name: "A", prices: [{ amount: 1, currency: "DKK", interval: "day" }] },
    ],
    [
      "intervalCount without interval",
      { type: "drop_in", name: "A", prices: [{ amount: 1, currency: "DKK", intervalCount: 2 }] },
    ],
    [
      "a period over three years",
      { type: "subscription", name: "A", prices: [{ amount: 1, currency: "DKK", interval: "year", intervalCount: 4 }] },
    ],
    [
      "minAge above maxAge",
      { type: "drop_in", name: "A", prices: [{ amount: 1, currency: "DKK", minAge: 30, maxAge: 20 }] },
    ],
    [
      "a class pass without classAllowance",
      { type: "class_pass", name: "A", prices: [{ amount: 1, currency: "DKK" }] },
    ],
    ["a class pass with classAllowance 0", pass({ classAllowance: 0 })],
    ["a validityDays of zero", pass({ validityDays: 0 })],
    ["a purchase limit of zero", pass({ purchaseLimitPerUser: 0 })],
    ["an unknown status", pass({ status: "published" })],
    ["an accountId", pass({ accountId: "someone-else" })],
    ["an id", pass({ id: "chosen" })],
    ["eligibleEventIds that are not strings", pass({ eligibleEventIds: [1] })],
  ])("answers 400 for %s", async (_case, body) => {
    const response = await api("POST", "/products", { token: tenant.admin.token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("answers 400 for eligibleEventIds of another tenant or unknown ids", async () => {
    for (const ids of [[otherEventId], [eventId, "no-such-event"]]) {
      const response = await api("POST", "/products", {
        token: tenant.admin.token,
        body: pass({ eligibleEventIds: ids }),
      });
      expect(response).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
  });

  it("answers 400 for malformed JSON and 413 for an oversize body", async () => {
    expect(await api("POST", "/products", { token: tenant.admin.token, rawBody: '{"type": ' })).toMatchObject({
      status: 400,
      body: { error: "Validation failed" },
    });
    const oversize = await api("POST", "/products", {
      token: tenant.admin.token,
      rawBody: JSON.stringify(pass({ description: "x".repeat(110 * 1024) })),
    });
    expect(oversize).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 401 without or with a bad token and 403 for an attendee", async () => {
    expect(await api("POST", "/products", { body: pass() })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/products", { token: "nope", body: pass() })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("POST", "/products", { token: attendee.token, body: pass() })).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
  });
});

describe("GET /products", () => {
  it("lists every status to members, and nothing of another tenant", async () => {
    const draft = await createProduct(pass({ name: "Draft one" }));
    const archived = await createProduct(pass({ name: "Archived one", status: "archived" }));
    const theirs = await createProduct(pass({ name: "Theirs" }), other.admin.token);
    const response = await api("GET", "/products", { token: attendee.token });
    expect(response.status).toBe(200);
    const ids = (response.body as Product[]).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([draft.id, archived.id]));
    expect(ids).not.toContain(theirs.id);
    expect((response.body as Product[]).every((p) => p.prices.length > 0)).toBe(true);
    const theirList = await api("GET", "/products", { token: other.admin.token });
    expect((theirList.body as Product[]).map((p) => p.id)).toEqual([theirs.id]);
  });

  it("answers 401 without a session", async () => {
    expect(await api("GET", "/products")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });
});

describe("PATCH /products/{productId}", () => {
  it("edits fields partially and moves status freely", async () => {
    const product = await createProduct(pass());
    const active = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { status: "active", name: "Ten classes" },
    });
    expect(active).toMatchObject({
      status: 200,
      body: { id: product.id, status: "active", name: "Ten classes", classAllowance: 10 },
    });
    const archived = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { status: "archived" },
    });
    expect(archived.body.status).toBe("archived");
    const draft = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { status: "draft", validityDays: null },
    });
    expect(draft.body).toMatchObject({ status: "draft", validityDays: null, name: "Ten classes" });
  });

  it("keeps ids of listed prices, creates new ones and retires the prices left out", async () => {
    const product = await createProduct(
      pass({
        prices: [
          { amount: 100, currency: "DKK" },
          { amount: 200, currency: "DKK" },
        ],
      }),
    );
    const [keep, drop] = product.prices as [Price, Price];
    const response = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: {
        prices: [
          { amount: 50, currency: "DKK" },
          { id: keep.id, amount: 150, currency: "DKK", maxAge: 25 },
        ],
      },
    });
    expect(response.status).toBe(200);
    const prices = response.body.prices as Price[];
    expect(prices).toHaveLength(2);
    expect(prices[0]).toMatchObject({ amount: 50 });
    expect(prices[0]!.id).not.toBe(keep.id);
    expect(prices[1]).toEqual({
      id: keep.id,
      amount: 150,
      currency: "DKK",
      interval: null,
      intervalCount: null,
      instalments: null,
      minAge: null,
      maxAge: 25,
    });
    expect(prices.map((p) => p.id)).not.toContain(drop.id);
    // The retired price still exists for the orders that refer to it.
    expect(await db.price.findUnique({ where: { id: drop.id } })).toMatchObject({ retired: true, amount: 200 });
    const listed = await api("GET", "/products", { token: tenant.admin.token });
    const again = (listed.body as Product[]).find((p) => p.id === product.id)!;
    expect(again.prices.map((p) => p.id)).toEqual(prices.map((p) => p.id));
  });

  it("answers 400 for a price id that is not a current price of this product", async () => {
    const product = await createProduct(pass());
    const otherProduct = await createProduct(pass());
    const retiredFirst = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { prices: [{ amount: 1, currency: "DKK" }] },
    });
    const retiredId = product.prices[0]!.id;
    expect(retiredFirst.status).toBe(200);
    for (const id of [retiredId, otherProduct.prices[0]!.id, "unknown"]) {
      const response = await api("PATCH", `/products/${product.id}`, {
        token: tenant.admin.token,
        body: { prices: [{ id, amount: 1, currency: "DKK" }] },
      });
      expect(response).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    const twice = retiredFirst.body.prices[0].id;
    const duplicate = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: {
        prices: [
          { id: twice, amount: 1, currency: "DKK" },
          { id: twice, amount: 2, currency: "DKK" },
        ],
      },
    });
    expect(duplicate.status).toBe(400);
  });

  it("checks the rules on the product as it will be", async () => {
    const product = await createProduct(pass());
    // A class pass cannot lose its allowance, nor become a subscription with one-off prices.
    for (const body of [{ classAllowance: null }, { type: "subscription" }, { prices: [] }]) {
      const response = await api("PATCH", `/products/${product.id}`, { token: tenant.admin.token, body });
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    const converted = await api("PATCH", `/products/${product.id}`, {
      token: tenant.admin.token,
      body: { type: "subscription", prices: [{ amount: 500, currency: "DKK", interval: "week", intervalCount: 2 }] },
    });
    expect(converted).toMatchObject({
      status: 200,
      body: { type: "subscription", prices: [{ interval: "week", intervalCount: 2 }] },
    });
  });

  it("answers 400 for bad input and 413 for an oversize body", async () => {
    const product = await createProduct(pass());
    for (const body of [
      { name: "" },
      { status: "deleted" },
      { accountId: "x" },
      { eligibleEventIds: [otherEventId] },
      { purchaseLimitPerUser: "1" },
    ]) {
      const response = await api("PATCH", `/products/${product.id}`, { token: tenant.admin.token, body });
      expect(response, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    }
    expect(await api("PATCH", `/products/${product.id}`, { token: tenant.admin.token, rawBody: "{" })).toMatchObject({
      status: 400,
    });
    expect(
      await api("PATCH", `/products/${product.id}`, {
        token: tenant.admin.token,
        rawBody: JSON.stringify({ description: "x".repeat(110 * 1024) }),
      }),
    ).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });

  it("answers 404 for unknown ids and for another tenant's product, changing nothing", async () => {
    const theirs = await createProduct(pass({ name: "Theirs" }), other.admin.token);
    expect(await api("PATCH", "/products/unknown", { token: tenant.admin.token, body: { name: "X" } })).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(
      await api("PATCH", `/products/${theirs.id}`, { token: tenant.admin.token, body: { name: "Hijacked" } }),
    ).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
    expect(await db.product.findUnique({ where: { id: theirs.id } })).toMatchObject({ name: "Theirs" });
  });

  it("answers 401 and 403 for an attendee", async () => {
    const product = await createProduct(pass());
    expect(await api("PATCH", `/products/${product.id}`, { body: { name: "X" } })).toMatchObject({ status: 401 });
    expect(await api("PATCH", `/products/${product.id}`, { token: attendee.token, body: { name: "X" } })).toMatchObject(
      {
        status: 403,
        body: { error: "Insufficient permission" },
      },
    );
  });
});

describe("GET /public/accounts/{slug}/products", () => {
  it("lists only active drop-ins, passes and subscriptions with their current prices", async () => {
    const shop = await createTenant();
    const make = (body: Record<string, unknown>) => createProduct(body, shop.admin.token);
    const dropIn = await make({
      type: "drop_in",
      name: "Drop-in",
      status: "active",
      prices: [
        { amount: 15000, currency: "DKK" },
        { amount: 9000, currency: "DKK" },
      ],
    });
    const passProduct = await make(pass({ status: "active" }));
    const subscription = await make({
      type: "subscription",
      name: "Monthly",
      status: "active",
      prices: [{ amount: 59900, currency: "DKK", interval: "month" }],
    });
    await make(pass({ name: "Draft pass" }));
    await make(pass({ name: "Archived pass", status: "archived" }));
    await make({ type: "workshop", name: "Workshop", status: "active", prices: [{ amount: 50000, currency: "DKK" }] });
    await make({ type: "custom", name: "Custom", status: "active", prices: [{ amount: 1, currency: "DKK" }] });
    await api("PATCH", `/products/${dropIn.id}`, {
      token: shop.admin.token,
      body: { prices: [{ id: dropIn.prices[0]!.id, amount: 15000, currency: "DKK" }] },
    });

    const response = await api("GET", `/public/accounts/${shop.slug}/products`);
    expect(response.status).toBe(200);
    const products = response.body as Product[];
    expect(products.map((p) => p.id)).toEqual([dropIn.id, passProduct.id, subscription.id]);
    expect(products[0]!.prices.map((p) => p.id)).toEqual([dropIn.prices[0]!.id]);
  });

  it("answers 404 for an unknown slug", async () => {
    expect(await api("GET", "/public/accounts/no-such-studio/products")).toMatchObject({
      status: 404,
      body: { error: "Resource not found" },
    });
  });
});
