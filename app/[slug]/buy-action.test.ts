import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { tenantDb } from "@/lib/db/tenant-db";
import { householdFitOfPrice } from "@/lib/households/price-fit";
import { setTestPageLanguage } from "@/tests/helpers/page-language";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { buyAction } = await import("./actions");
const { productTexts } = await import("./passes/product-text");
const { withdrawalWords } = await import("@/lib/withdrawals/withdrawal-words");

let tenant: TestTenant;
let buyer: TestMember;
let product: { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  const created = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
  });
  expect(created.status).toBe(201);
  product = created.body as typeof product;
});

describe("buying on the passes page with a promo code", () => {
  it("charges the price after the code's discount and goes on to My bookings", async () => {
    const code = await api("POST", "/promo-codes", {
      token: tenant.admin.token,
      body: { code: "WELCOME20", percentOff: 20, productIds: [], status: "active" },
    });
    expect(code.status).toBe(201);
    signInAs(buyer.token);
    const address = await redirectOf(
      buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id, promoCode: " welcome20 " }),
    );
    expect(address).toBe(`/${tenant.slug}/me?bought=1`);
    const [order] = await db.order.findMany({ where: { userId: buyer.userId } });
    expect(order).toMatchObject({ status: "paid", amount: 12000, discountAmount: 3000 });
  });

  it("says a code that is not valid in the page's words and sells nothing", async () => {
    signInAs(buyer.token);
    const result = await buyAction(tenant.slug, {
      productId: product.id,
      priceId: product.prices[0]!.id,
      promoCode: "NOSUCHCODE",
    });
    expect(result).toEqual({ ok: false, error: "Promo code is not valid", code: "promo_code_invalid" });
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
  });
});

describe("buying from a class: back to it after paying", () => {
  it("returns to the class the member came from, with the purchase noted", async () => {
    signInAs(buyer.token);
    const classPath = `/${tenant.slug}/classes/6f1c2b9e-1d2a-4c1b-9a55-0d3c1e2f4a5b`;
    const address = await redirectOf(
      buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id, returnTo: classPath }),
    );
    expect(address).toBe(`${classPath}?bought=1`);
    expect(await db.order.count({ where: { userId: buyer.userId, status: "paid" } })).toBe(1);
  });

  it("never sends the member off the site: an unsafe returnTo goes to My bookings", async () => {
    signInAs(buyer.token);
    for (const returnTo of ["//evil.example/x", "https://evil.example", "/\\evil.example", "classes/1"]) {
      const address = await redirectOf(
        buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id, returnTo }),
      );
      expect(address, returnTo).toBe(`/${tenant.slug}/me?bought=1`);
    }
  });
});

describe("a price with an age limit: the order summary chooses whom of the household it fits", () => {
  // Ages from this year, so that the child is 7 or 8 and the parent 40 or 41 whenever the test runs.
  const year = new Date().getUTCFullYear();
  let liva: { id: string };
  let dance: { id: string; prices: { id: string; maxAge: number | null }[] };

  beforeEach(async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { dateOfBirth: new Date(`${year - 41}-01-15`) } });
    const child = await api("POST", "/me/dependants", {
      token: buyer.token,
      body: { displayName: "Liva", dateOfBirth: `${year - 8}-01-15` },
    });
    expect(child.status, child.text).toBe(201);
    liva = child.body as typeof liva;
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        name: "Børnedans",
        status: "active",
        classAllowance: 10,
        validityDays: 90,
        prices: [
          { amount: 90000, currency: "DKK" },
          { amount: 70000, currency: "DKK", maxAge: 12 },
          { amount: 50000, currency: "DKK", maxAge: 5 },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    dance = created.body as typeof dance;
  });

  afterEach(() => setTestPageLanguage("en"));

  const fitOf = (priceId: string) =>
    householdFitOfPrice({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      userId: buyer.userId,
      priceId,
      now: new Date(),
    });

  it("the child price is the child's, chosen for the member, and bought for her", async () => {
    const [, childPrice] = dance.prices;
    const fit = await fitOf(childPrice!.id);
    expect(fit).toEqual({ fits: liva.id, ageLimit: { minAge: null, maxAge: 12 } });
    signInAs(buyer.token);
    const paid = buyAction(tenant.slug, {
      productId: dance.id,
      priceId: childPrice!.id,
      forUserId: fit.fits!,
      startNow: true,
    });
    expect(await redirectOf(paid)).toBe(`/${tenant.slug}/me?bought=1`);
    expect(await db.entitlement.findFirstOrThrow({ where: { productId: dance.id } })).toMatchObject({
      userId: liva.id,
    });
  });

  it("a price without an age limit stays the member's own", async () => {
    expect(await fitOf(dance.prices[0]!.id)).toEqual({ fits: buyer.userId, ageLimit: null });
  });

  it("when nobody fits, says whom the price is for, in both languages, and sells nothing", async () => {
    const toddlers = dance.prices[2]!;
    expect(await fitOf(toddlers.id)).toEqual({ fits: null, ageLimit: { minAge: null, maxAge: 5 } });
    signInAs(buyer.token);
    const refused = await buyAction(tenant.slug, { productId: dance.id, priceId: toddlers.id, forUserId: liva.id });
    expect(refused).toMatchObject({ ok: false, code: "not_eligible_for_price" });
    expect((await productTexts()).ageLimitText({ minAge: null, maxAge: 5 })).toBe(
      "The price is for children up to 5 years",
    );
    setTestPageLanguage("da");
    const { ageLimitText } = await productTexts();
    expect(ageLimitText({ minAge: null, maxAge: 12 })).toBe("Prisen gælder børn op til 12 år");
    expect(ageLimitText({ minAge: 65, maxAge: null })).toBe("Prisen gælder fra 65 år");
    expect(await db.order.count({ where: { productId: dance.id } })).toBe(0);
  });
});

describe("a purchase with a right of withdrawal: the summary asks to start at once", () => {
  let pass: { id: string; prices: { id: string }[] };

  beforeEach(async () => {
    const created = await api("POST", "/products", {
      token: tenant.admin.token,
      body: {
        type: "class_pass",
        name: "10-klip",
        status: "active",
        classAllowance: 10,
        validityDays: 180,
        prices: [{ amount: 120000, currency: "DKK" }],
      },
    });
    expect(created.status, created.text).toBe(201);
    pass = created.body as typeof pass;
  });

  afterEach(() => setTestPageLanguage("en"));

  it("the box names what is bought, in Danish; a drop-in has none", async () => {
    setTestPageLanguage("da");
    const { startNowText } = await withdrawalWords();
    expect(startNowText({ type: "class_pass", courseEventId: null, classAllowance: 10 })).toBe(
      "Jeg ønsker at bruge klippekortet med det samme. Fortryder jeg, betaler jeg for det, jeg har brugt.",
    );
    expect(startNowText({ type: "subscription", courseEventId: null, classAllowance: null })).toBe(
      "Jeg ønsker at bruge medlemskabet med det samme. Fortryder jeg, betaler jeg for det, jeg har brugt.",
    );
    expect(startNowText({ type: "drop_in", courseEventId: null, classAllowance: 1 })).toBeUndefined();
  });

  it("the pages say which purchases carry the right, in Danish and English, from the product's kind", async () => {
    const facts = (type: string, courseEventId: string | null = null) =>
      ({ type, courseEventId, classAllowance: null }) as Parameters<
        Awaited<ReturnType<typeof withdrawalWords>>["rightText"]
      >[0];
    const course = "6f1c2b9e-1d2a-4c1b-9a55-0d3c1e2f4a5b";
    expect((await withdrawalWords()).rightText(facts("class_pass"))).toBe(
      "You can withdraw from this purchase within 14 days",
    );
    setTestPageLanguage("da");
    const { rightText } = await withdrawalWords();
    expect(rightText(facts("class_pass"))).toBe("Du kan fortryde købet i 14 dage");
    expect(rightText(facts("subscription"))).toBe("Du kan fortryde købet i 14 dage");
    expect(rightText(facts("workshop", course))).toBe("Ingen fortrydelsesret: holdet har faste datoer");
    expect(rightText(facts("custom", course))).toBe("Ingen fortrydelsesret: holdet har faste datoer");
    expect(rightText(facts("drop_in"))).toBe("Ingen fortrydelsesret: en enkelt time på en fast dato");
  });

  it("unticked: refused in the page's words and nothing sold", async () => {
    setTestPageLanguage("da");
    signInAs(buyer.token);
    const refused = await buyAction(tenant.slug, { productId: pass.id, priceId: pass.prices[0]!.id });
    expect(refused).toMatchObject({
      ok: false,
      code: "validation_failed",
      error: "Sæt flueben ved, at du ønsker at bruge det med det samme, før du køber.",
    });
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("ticked: bought, with the request to start at once kept on the order", async () => {
    signInAs(buyer.token);
    const form = new FormData();
    form.set("productId", pass.id);
    form.set("priceId", pass.prices[0]!.id);
    form.set("startNow", "on"); // the box as the browser sends it
    expect(await redirectOf(buyAction(tenant.slug, form))).toBe(`/${tenant.slug}/me?bought=1`);
    const order = await db.order.findFirstOrThrow({ where: { userId: buyer.userId } });
    expect(order).toMatchObject({ status: "paid", withdrawalDays: 14 });
    expect(order.startNowRequestedAt).toBeInstanceOf(Date);
  });

  it("a drop-in (no right) is bought without any box, and carries no request", async () => {
    signInAs(buyer.token);
    await redirectOf(buyAction(tenant.slug, { productId: product.id, priceId: product.prices[0]!.id }));
    const order = await db.order.findFirstOrThrow({ where: { userId: buyer.userId } });
    expect(order).toMatchObject({ status: "paid", startNowRequestedAt: null, withdrawalDays: null });
  });
});
