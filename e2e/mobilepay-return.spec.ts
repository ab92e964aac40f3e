import { request, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoApi } from "./support/demo-api";
import { PHONE } from "./support/devices";
import { E2E_SALES_UNIT } from "./support/mobilepay-keys";
import { saveScreenshot } from "./support/screenshot";
import { E2E_MOBILEPAY_URL, E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// A member on a phone, in Danish, comes back from MobilePay before the studio has heard of her answer:
// her page says it waits for MobilePay's confirmation and reads itself again until the answer arrives
// (the fake Vipps MobilePay API holds the answers given on its confirmation page until it is told to
// release them, then delivers its webhook). Declined, the page says so and offers to try again; approved,
// the membership appears, with no reload of the page.
const language = "da";
test.use({ language, ...PHONE });

const MEMBERSHIP = { name: "Medlemskab efter MobilePay (e2e)", amount: 39_900 };
let product: { id: string; priceId: string };

async function fake(path: "/fake/hold" | "/fake/release") {
  const api = await request.newContext({ baseURL: E2E_MOBILEPAY_URL });
  expect((await api.post(path)).status()).toBe(200);
  await api.dispose();
}

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
  const admin = await demoApi("administrator");
  const connected = await admin.patch("/api/account/payments", {
    data: { mobilepay: { ...E2E_SALES_UNIT, testMode: true } },
  });
  expect(connected.status(), await connected.text()).toBe(200);
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

test.afterEach(async () => {
  await fake("/fake/release"); // a failed journey leaves no answers held for the next spec
});

/** Anna signed in, on the membership's order summary, off to MobilePay and answering `answer` there. */
async function buyWithMobilepay(page: Page, answer: "Godkend aftale" | "Afvis") {
  const buyButton = wordsOf(language, "BuyButton");
  await page.goto(`/demo/passes/${product.id}?price=${product.priceId}`);
  await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowMembership") }).check();
  await page
    .getByRole("button", {
      name: new RegExp(`^${literal(buyButton("payWithMobilepay", { total: "TOTAL" })).replace("TOTAL", ".+")}$`),
    })
    .click();
  await expect(page).toHaveURL(/\/fake\/confirm\//);
  await page.getByRole("button", { name: answer }).click();
  await expect(page).toHaveURL(/\/demo\/me\?checkout=mobilepay&order=/);
}

async function signInAsAnna(page: Page) {
  const demo = wordsOf(language, "DemoPanel");
  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);
}

/** Marks the document, so that the journey can tell the page was never loaded again. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test("declined in MobilePay, her page says so once it knows, and offers to try again", async ({ page }) => {
  const awaited = wordsOf(language, "AwaitedPayments");
  await signInAsAnna(page);
  await fake("/fake/hold");
  await buyWithMobilepay(page, "Afvis");

  await expect(page.getByText(awaited("waiting", { provider: "mobilepay" }))).toBeVisible();
  await expect(page.getByText("Vi venter på bekræftelse fra MobilePay")).toBeVisible();
  await markDocument(page);
  await fake("/fake/release");

  await expect(page.getByText(awaited("declined", { provider: "mobilepay" }))).toBeVisible({ timeout: 30_000 });
  expect(await stillSameDocument(page)).toBe(true);
  await saveScreenshot(page, `${language}-phone-mobilepay-declined`);
  await page.getByRole("link", { name: "Prøv igen" }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/passes/${product.id}\\?price=${product.priceId}`));
});

test("approved in MobilePay, the membership appears on her page without a reload", async ({ page }) => {
  const awaited = wordsOf(language, "AwaitedPayments");
  const passesList = page.getByRole("region", { name: wordsOf(language, "MyBookings")("myPasses") });
  await signInAsAnna(page);
  await fake("/fake/hold");
  await buyWithMobilepay(page, "Godkend aftale");

  await expect(page.getByText("Vi venter på bekræftelse fra MobilePay …")).toBeVisible();
  await expect(page.getByText(awaited("waitingHint"))).toBeVisible();
  await expect(passesList.getByText(MEMBERSHIP.name, { exact: true })).toHaveCount(0);
  await saveScreenshot(page, `${language}-phone-mobilepay-waiting`);
  await markDocument(page);
  await fake("/fake/release");

  await expect(passesList.getByText(MEMBERSHIP.name, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(awaited("waiting", { provider: "mobilepay" }))).toHaveCount(0);
  expect(await stillSameDocument(page)).toBe(true);
  await saveScreenshot(page, `${language}-phone-mobilepay-arrived`);
});
