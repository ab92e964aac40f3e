import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoApi } from "./support/demo-api";
import { PHONE } from "./support/devices";
import { E2E_SALES_UNIT } from "./support/mobilepay-keys";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// A member on a phone, in Danish, pays a membership with MobilePay: the order summary offers it, the
// MobilePay confirmation (the fake Vipps MobilePay API's page, scripts/fake-mobilepay.ts) approves the
// agreement, and she comes back to her page at the studio with the membership paid (the agreement's
// webhook, delivered by the fake to the app).
const language = "da";
test.use({ language, ...PHONE });

const MEMBERSHIP = { name: "Medlemskab med MobilePay (e2e)", amount: 49_900 };
let product: { id: string; priceId: string };

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
  const admin = await demoApi("administrator");
  const connected = await admin.patch("/api/account/payments", {
    data: { mobilepay: { ...E2E_SALES_UNIT, testMode: true } },
  });
  expect(connected.status(), await connected.text()).toBe(200);
  expect((await connected.json()).mobilepay.status).toBe("connected");
  const created = await admin.post("/api/products", {
    data: {
      name: MEMBERSHIP.name,
      type: "subscription",
      status: "active",
      prices: [{ amount: MEMBERSHIP.amount, currency: "DKK", interval: "month" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { id: string; prices: { id: string }[] };
  product = { id: body.id, priceId: body.prices[0]!.id };
  await admin.dispose();
});

test("a member pays a membership with MobilePay and comes back to it paid", async ({ page }) => {
  const demo = wordsOf(language, "DemoPanel");
  const summary = wordsOf(language, "OrderSummary");
  const buyButton = wordsOf(language, "BuyButton");
  const passes = wordsOf(language, "Passes");
  const shot = (name: string) => saveScreenshot(page, `${language}-phone-mobilepay-${name}`);

  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);

  // The membership's order summary offers MobilePay beside the card.
  await page.goto(`/demo/passes/${product.id}?price=${product.priceId}`);
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  await expect(page.getByText(passes("payByCardOrMobilePay"))).toBeVisible();
  // "Betal 499,00 kr. med kort" and "Betal 499,00 kr. med MobilePay"
  const [card, mobilepay] = (["payByCard", "payWithMobilepay"] as const).map((key) =>
    page.getByRole("button", {
      name: new RegExp(`^${literal(buyButton(key, { total: "TOTAL" })).replace("TOTAL", ".+")}$`),
    }),
  );
  await expect(card!).toBeVisible();
  await expect(mobilepay!).toBeVisible();
  await shot("summary");
  await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowMembership") }).check();
  await mobilepay!.click();

  // MobilePay shows the agreement: the membership, the studio, the monthly price. She approves it.
  await expect(page).toHaveURL(/\/fake\/confirm\//);
  await expect(page.getByText(MEMBERSHIP.name)).toBeVisible();
  await expect(page.getByText("499,00 DKK / MONTH")).toBeVisible();
  await page.getByRole("button", { name: "Godkend aftale" }).click();

  // Back at her page at the studio: the membership is hers, paid, without end of classes.
  await expect(page).toHaveURL(/\/demo\/me\?checkout=mobilepay&order=/);
  const passesList = page.getByRole("region", { name: wordsOf(language, "MyBookings")("myPasses") });
  await expect(async () => {
    await page.reload();
    await expect(passesList.getByText(MEMBERSHIP.name, { exact: true }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(passesList).toContainText(wordsOf(language, "MyBookings")("unlimited"));
  await shot("paid");
});
