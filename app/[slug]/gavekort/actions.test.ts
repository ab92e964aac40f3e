import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { setTestPageLanguage } from "@/tests/helpers/page-language";
import { signInAs } from "@/tests/helpers/server-action";
import { addDays, studioDate } from "@/lib/studio-time/studio-date";

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { buyGiftCardAction } = await import("./actions");
const { giftCardTexts } = await import("./gift-card-texts");
const { giftCardPath } = await import("../studio-paths");

let tenant: TestTenant;
let buyer: TestMember;
let giftCard: { id: string; prices: { id: string; amount: number }[] };

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  const created = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "gift_card",
      name: "Gavekort",
      status: "active",
      validityMonths: 12,
      customAmount: { min: 20000, max: 500000 },
      prices: [
        { amount: 50000, currency: "DKK" },
        { amount: 100000, currency: "DKK" },
      ],
    },
  });
  expect(created.status, created.text).toBe(201);
  giftCard = created.body as typeof giftCard;
});

afterEach(() => setTestPageLanguage("en"));

describe("the gift card page's words", () => {
  it("states a validity shorter than 3 years in words, and the range one may choose within", async () => {
    setTestPageLanguage("da");
    const { validityText, customAmountText } = await giftCardTexts();
    expect(validityText({ validityMonths: 12 })).toBe("Gyldigt i 12 måneder fra købet");
    expect(validityText({ validityMonths: 36 })).toBe("Gyldigt i 3 år fra købet");
    expect(validityText({ validityMonths: null })).toBe("Gyldigt i 3 år fra købet");
    const range = customAmountText(
      { validityMonths: 12, customAmountMin: 20000, customAmountMax: 500000 },
      "DKK",
      "da-DK",
    );
    expect(range?.replace(/\u00a0/g, " ")).toBe("Valgfrit beløb: 200,00 kr.–5.000,00 kr.");
    expect(
      customAmountText({ validityMonths: 12, customAmountMin: null, customAmountMax: null }, "DKK", "da-DK"),
    ).toBeUndefined();
    setTestPageLanguage("en");
    expect((await giftCardTexts()).validityText({ validityMonths: 24 })).toBe("Valid for 24 months from purchase");
  });

  it("the page has a Danish and an English path, and carries a card's code", () => {
    expect(giftCardPath("yoga-lab", "da")).toBe("/yoga-lab/gavekort");
    expect(giftCardPath("yoga-lab", "en", { product: "p1" })).toBe("/yoga-lab/gift-cards?product=p1");
    expect(giftCardPath("yoga-lab", "da", { kode: "K7QM-XP3R-9HWD" })).toBe("/yoga-lab/gavekort?kode=K7QM-XP3R-9HWD");
  });
});

describe("the public product list", () => {
  it("lists active gift cards beside the passes (the passes page's section, GET /public/…/products)", async () => {
    const listed = await api("GET", `/public/accounts/${tenant.slug}/products`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: giftCard.id, type: "gift_card", validityMonths: 12, giftCardDesign: "logo" }),
      ]),
    );
  });
});

describe("buying a gift card: refusals", () => {
  it("signed out: asked to sign in, and nothing sold", async () => {
    signInAs(undefined);
    const refused = await buyGiftCardAction(tenant.slug, {
      productId: giftCard.id,
      priceId: giftCard.prices[0]!.id,
      giftCard: { recipientName: "Maja" },
    });
    expect(refused).toMatchObject({ ok: false, code: "authentication_required" });
    expect(await db.order.count({ where: { productId: giftCard.id } })).toBe(0);
  });

  it("without the recipient's name: refused at that field, and nothing sold", async () => {
    signInAs(buyer.token);
    const refused = await buyGiftCardAction(tenant.slug, {
      productId: giftCard.id,
      priceId: giftCard.prices[0]!.id,
      giftCard: { recipientName: " " },
    });
    expect(refused).toMatchObject({ ok: false, code: "validation_failed" });
    expect(refused.fieldErrors).toHaveProperty(["giftCard.recipientName"]);
    expect(await db.order.count({ where: { productId: giftCard.id } })).toBe(0);
  });

  it("a message past 500 characters and a recipient's email that is none: refused at those fields", async () => {
    signInAs(buyer.token);
    const refused = await buyGiftCardAction(tenant.slug, {
      productId: giftCard.id,
      priceId: giftCard.prices[0]!.id,
      giftCard: { recipientName: "Maja", recipientEmail: "maja-at-example", message: "x".repeat(501) },
    });
    expect(refused).toMatchObject({ ok: false, code: "validation_failed" });
    expect(Object.keys(refused.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["giftCard.recipientEmail", "giftCard.message"]),
    );
    expect(await db.order.count({ where: { productId: giftCard.id } })).toBe(0);
  });
});

describe("buying a gift card, paid at once (the demo provider)", () => {
  // A day 20 days ahead in the studio's zone (within the year a card may wait), told as the page tells it.
  const deliverOn = addDays(studioDate(new Date(), "Europe/Copenhagen"), 20)!;
  const dayIn = (locale: string) =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(
      new Date(`${deliverOn}T12:00:00Z`),
    );

  it("a fixed amount for Maja on a later day: the card with its code, and when it is sent, in Danish", async () => {
    setTestPageLanguage("da");
    signInAs(buyer.token);
    const bought = await buyGiftCardAction(tenant.slug, {
      productId: giftCard.id,
      priceId: giftCard.prices[0]!.id,
      giftCard: {
        recipientName: "Maja",
        recipientEmail: "maja@example.com",
        message: "God jul!",
        deliverOn: deliverOn,
      },
    });
    expect(bought).toMatchObject({ ok: true });
    const card = await db.giftCard.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(card).toMatchObject({
      initialAmount: 50000,
      balance: 50000,
      recipientName: "Maja",
      deliverOn: deliverOn,
    });
    expect(bought.giftCard).toMatchObject({
      recipientName: "Maja",
      last4: card.codeLast4,
      delivery: `Vi sender kortet til Maja den ${dayIn("da-DK")}.`,
    });
    expect(bought.giftCard?.amount.replace(/\u00a0/g, " ")).toBe("500,00 kr.");
    expect(bought.giftCard?.code).toMatch(new RegExp(`^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-${card.codeLast4}$`));
  });

  it("an amount of one's choice, without the recipient's email: the buyer gets the card to pass on", async () => {
    signInAs(buyer.token);
    const bought = await buyGiftCardAction(tenant.slug, {
      productId: giftCard.id,
      amount: 75000,
      giftCard: { recipientName: "Maja", deliverOn: deliverOn },
    });
    expect(bought).toMatchObject({ ok: true });
    expect(bought.giftCard?.delivery).toBe(
      `We'll send the card to you on ${dayIn("en-DK")}, so you can give it to Maja.`,
    );
    const card = await db.giftCard.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(card).toMatchObject({ initialAmount: 75000, recipientEmail: null });
  });

  it("an amount outside the product's range: refused, and nothing sold", async () => {
    signInAs(buyer.token);
    const refused = await buyGiftCardAction(tenant.slug, {
      productId: giftCard.id,
      amount: 10000,
      giftCard: { recipientName: "Maja" },
    });
    expect(refused).toMatchObject({ ok: false });
    expect(await db.giftCard.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});
