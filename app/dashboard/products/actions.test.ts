import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createProductAction, setProductStatusAction, updateProductAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

const classPass = {
  type: "class_pass",
  name: "10 classes",
  description: "",
  status: "active",
  classAllowance: "10",
  validityDays: "90",
  purchaseLimitPerUser: "",
  "prices.0.amount": "1,200.50",
  "prices.0.currency": "DKK",
  "prices.0.minAge": "",
  "prices.0.maxAge": "",
};

describe("product actions", () => {
  it("creates a product with amounts in minor units, then goes back to the list", async () => {
    await expect(createProductAction(formData(classPass))).rejects.toThrow(/NEXT_REDIRECT/);
    const product = await db.product.findFirst({ where: { accountId: tenant.accountId }, include: { prices: true } });
    expect(product).toMatchObject({
      type: "class_pass",
      classAllowance: 10,
      validityDays: 90,
      purchaseLimitPerUser: null,
    });
    expect(product?.prices.map((price) => price.amount)).toEqual([120050]);
  });

  it("answers field errors and creates nothing when the form is wrong", async () => {
    const state = await createProductAction(formData({ ...classPass, "prices.0.amount": "12.345" }));
    expect(state).toEqual({
      ok: false,
      error: "Please correct the marked fields.",
      fieldErrors: { "prices.0.amount": "At most 2 decimals for DKK" },
    });
    const noAllowance = await createProductAction(formData({ ...classPass, classAllowance: "" }));
    expect(noAllowance.fieldErrors).toEqual({ classAllowance: "A class pass gives at least 1 class" });
    expect(await db.product.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("edits the price list (kept ids stay, left-out prices retire) and changes status", async () => {
    await expect(
      createProductAction(formData({ ...classPass, "prices.1.amount": "900", "prices.1.currency": "DKK" })),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    const product = await db.product.findFirstOrThrow({
      where: { accountId: tenant.accountId },
      include: { prices: { orderBy: { position: "asc" } } },
    });
    const [first] = product.prices;
    const edit = {
      productId: product.id,
      type: "class_pass",
      name: "10 classes",
      "prices.0.id": first!.id,
      "prices.0.amount": "1300",
    };
    await expect(updateProductAction(formData(edit))).rejects.toThrow(/NEXT_REDIRECT/);
    const prices = await db.price.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } });
    expect(prices.map((price) => [price.id === first!.id, price.amount, price.retired])).toEqual([
      [true, 130000, false],
      [false, 90000, true],
    ]);
    expect(await setProductStatusAction(formData({ productId: product.id, status: "archived" }))).toMatchObject({
      ok: true,
    });
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).status).toBe("archived");
  });

  it("does not touch another studio's product", async () => {
    const other = await createTenant();
    const product = await db.product.create({
      data: {
        accountId: other.accountId,
        type: "drop_in",
        name: "Theirs",
        status: "active",
        prices: { create: { accountId: other.accountId, amount: 100, currency: "DKK", position: 0 } },
      },
    });
    expect(await setProductStatusAction(formData({ productId: product.id, status: "archived" }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(
      await updateProductAction(formData({ productId: product.id, name: "Mine", "prices.0.amount": "1" })),
    ).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
      name: "Theirs",
      status: "active",
    });
  });

  it("puts a new product on sale or keeps it a draft, as the pressed button says", async () => {
    await expect(createProductAction(formData({ ...classPass, name: "On sale", status: "active" }))).rejects.toThrow(
      /NEXT_REDIRECT/,
    );
    await expect(createProductAction(formData({ ...classPass, name: "Draft", status: "draft" }))).rejects.toThrow(
      /NEXT_REDIRECT/,
    );
    const statusOf = async (name: string) =>
      (await db.product.findFirstOrThrow({ where: { accountId: tenant.accountId, name } })).status;
    expect(await statusOf("On sale")).toBe("active");
    expect(await statusOf("Draft")).toBe("draft");
  });
});

describe("a gift card product from the form", () => {
  const giftCard = {
    type: "gift_card",
    name: "Gavekort",
    description: "",
    status: "active",
    purchaseLimitPerUser: "",
    validityMonths: "12",
    customAmount: "on",
    customAmountMin: "200",
    customAmountMax: "5,000",
    giftCardDesign: "colour",
    "prices.0.amount": "500",
    "prices.0.currency": "DKK",
    "prices.1.amount": "1,000",
    "prices.1.currency": "DKK",
  };

  it("creates it with its validity, fixed amounts, range and design; no VAT field, no classes", async () => {
    await expect(createProductAction(formData(giftCard))).rejects.toThrow(/NEXT_REDIRECT/);
    const product = await db.product.findFirstOrThrow({
      where: { accountId: tenant.accountId },
      include: { prices: { orderBy: { amount: "asc" } } },
    });
    expect(product).toMatchObject({
      type: "gift_card",
      validityMonths: 12,
      customAmountMin: 20000,
      customAmountMax: 500000,
      giftCardDesign: "colour",
      classAllowance: null,
      eligibleEventIds: [],
    });
    expect(product.prices.map((price) => price.amount)).toEqual([50000, 100000]);
  });

  it("the range unticked is none; only a range, no fixed amount, is a gift card too", async () => {
    const {
      "prices.0.amount": _a,
      "prices.0.currency": _c,
      "prices.1.amount": _b,
      "prices.1.currency": _d,
      ...rangeOnly
    } = giftCard;
    await expect(createProductAction(formData(rangeOnly))).rejects.toThrow(/NEXT_REDIRECT/);
    const { customAmount: _unticked, ...fixedOnly } = giftCard;
    await expect(createProductAction(formData({ ...fixedOnly, name: "Faste beløb" }))).rejects.toThrow(/NEXT_REDIRECT/);
    const products = await db.product.findMany({
      where: { accountId: tenant.accountId },
      orderBy: { createdAt: "asc" },
    });
    expect(products.map((p) => [p.customAmountMin, p.customAmountMax])).toEqual([
      [20000, 500000],
      [null, null],
    ]);
  });

  it("refuses a validity outside 12–36 months and a range that is none, at those fields", async () => {
    const state = await createProductAction(
      formData({ ...giftCard, validityMonths: "6", customAmountMin: "5,000", customAmountMax: "200" }),
    );
    expect(state.ok).toBe(false);
    expect(Object.keys(state.fieldErrors ?? {}).sort()).toEqual(["customAmount.max", "validityMonths"]);
    const unreadable = await createProductAction(formData({ ...giftCard, customAmountMin: "abc" }));
    expect(Object.keys(unreadable.fieldErrors ?? {})).toEqual(["customAmount.min"]);
    expect(await db.product.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});
