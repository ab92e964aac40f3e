import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { ensureDemoPass } from "./support/demo-api";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// The studio's terms of sale (issue 46 §3), in Danish on a phone: the owner finds a starter draft with
// the withdrawal clause, publishes it as version 1, the public terms page shows it, and the order
// summary will not sell until the member ticks that they accept them.
const language = "da";
test.use({ language, ...PHONE });

async function resetDemo() {
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
}

// The demo studio sells without terms before and after: the journeys after this one buy without the box.
test.beforeAll(resetDemo);
test.afterAll(resetDemo);

test("the owner publishes the terms, the public page shows them, and buying asks to accept them", async ({ page }) => {
  const demo = wordsOf(language, "DemoPanel");
  const settings = wordsOf(language, "TermsSettings");
  const terms = wordsOf(language, "Terms");
  const summary = wordsOf(language, "OrderSummary");
  const buyButton = wordsOf(language, "BuyButton");

  // The owner: a draft, marked as not in force, with the withdrawal clause and the studio's own name.
  await page.goto("/");
  await page.getByRole("button", { name: demo("tryAdmin") }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/settings/terms");
  await expect(page.getByRole("heading", { level: 1, name: settings("title") })).toBeVisible();
  await expect(page.getByText(settings("draftHeading"))).toBeVisible();
  const danish = page.getByRole("textbox", { name: settings("danish") });
  await expect(danish).toHaveValue(/## 5\. Fortrydelsesret/);
  await expect(danish).toHaveValue(/Demo Studio ApS/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${language}-phone-terms-settings-draft`);

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(settings("confirm", { version: 1 }));
    void dialog.accept();
  });
  await page.getByRole("button", { name: settings("publish", { version: 1 }) }).click();
  await expect(page.getByText(settings("published", { version: 1 }))).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: settings("publish", { version: 2 }) })).toBeVisible();
  const versions = page.getByRole("region", { name: settings("versionsHeading") });
  await expect(versions.getByText(settings("versionName", { version: 1 }))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${language}-phone-terms-settings-published`);

  // The public terms page: version 1, its date, the text rendered.
  await page.goto("/demo/vilkaar");
  await expect(page.getByRole("heading", { level: 1, name: terms("title") })).toBeVisible();
  await expect(page.getByTestId("terms-version")).toHaveText(/^Version 1, offentliggjort \d/);
  await expect(page.getByRole("heading", { level: 2, name: "5. Fortrydelsesret" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Du kan også bruge fortrydelsesformularen på din kvittering.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${language}-phone-terms-page`);
  await page.goto("/demo/vilkaar?version=2");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(terms("title"));

  // A member buys a pass: the summary links the terms and will not sell before they are accepted.
  const pass = await ensureDemoPass();
  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await page.goto(`/demo/passes/${pass.productId}?price=${pass.priceId}`);
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  const accept = page.getByRole("checkbox", { name: "Jeg accepterer handelsbetingelserne" });
  await expect(accept).not.toBeChecked();
  await expect(page.getByRole("link", { name: "handelsbetingelserne" })).toHaveAttribute("href", "/demo/vilkaar");
  await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowClassPass") }).check();
  const pay = page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) });
  await pay.click();
  await expect(page).toHaveURL(/\/demo\/passes\//); // the browser asks for the box first: nothing sold
  expect(await accept.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${language}-phone-terms-summary`);
  await accept.check();
  await pay.click();
  await expect(page).toHaveURL(/\/demo\/me\?bought=1$/);
});
