import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoApi } from "./support/demo-api";
import { DESKTOP, PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { wordsOf, type Language } from "./support/words";

// Webhooks: the desk adds an endpoint in the dashboard, sees its signing secret once, sends a test
// event and sees its delivery, switches the endpoint off and on, and deletes it. The address is a
// name that does not resolve here: saving accepts it, and its deliveries fail without the network
// (the server has no WEBHOOK_ALLOW_PRIVATE_URLS), which the journey does not wait for.
const LAPTOP = { ...DESKTOP, viewport: { width: 1280, height: 800 } } as const;

// Each language and each screen once: Danish on a desktop, English on a phone.
for (const [language, screen, device] of [
  ["da", "desktop", LAPTOP],
  ["en", "phone", PHONE],
] as const) {
  test.describe(`in ${language === "da" ? "Danish" : "English"} on a ${screen}`, () => {
    test.use({ language, ...device });

    test("the desk adds a webhook, copies its secret once, tests it, switches it off and on, pages its deliveries, makes a new secret and deletes it", async ({
      page,
      context,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const words = wordsOf(language, "WebhooksPage");
      const form = wordsOf(language, "WebhookForm");
      const events = wordsOf(language, "WebhookEvents");
      const errors = wordsOf(language, "FieldErrors");
      const done = wordsOf(language, "WebhooksActions");
      const url = `https://hooks.example.com/studio-${screen}-${language}-${Date.now().toString(36)}`;
      await openWebhooksPage(page, language, screen);

      // an http address is refused in plain words at its field
      await page.getByLabel(form("url")).fill(url.replace("https:", "http:"));
      await page.getByRole("checkbox", { name: events("bookingCreated") }).check();
      await page.getByRole("button", { name: form("create") }).click();
      await expect(page.getByText(errors("url_not_https"), { exact: true })).toBeVisible();

      await page.getByLabel(form("url")).fill(url);
      await page.getByRole("checkbox", { name: events("orderPaid") }).check();
      await page.getByLabel(form("description")).fill("CRM");
      await page.getByRole("button", { name: form("create") }).click();
      await expect(page.getByText(done("created", { url }))).toBeVisible();
      await expect(page.getByText(form("secretWarning"))).toBeVisible();
      // where the eye already is: in view and focused (so selected, ready to copy)
      await expect(page.getByLabel(form("secretLabel"))).toBeFocused();
      await expect(page.getByLabel(form("secretLabel"))).toBeInViewport();
      const secret = await page.getByLabel(form("secretLabel")).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole("button", { name: form("copy"), exact: true }).click();
      await expect(page.getByText(form("copied"))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

      const row = page.getByRole("row").filter({ hasText: url });
      await expect(row).toContainText(events("bookingCreated"));
      await expect(row).toContainText(events("orderPaid"));
      await expect(row).toContainText(wordsOf(language, "WebhookStatus")("enabled"));
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-${screen}-webhooks-created`);

      // a reload loses the secret for good; the list keeps the webhook
      await page.reload();
      await expect(page.getByText(form("secretWarning"))).toHaveCount(0);
      await saveScreenshot(page, `${language}-${screen}-webhooks`);
      await page.getByRole("link", { name: url }).click();
      await expect(page.getByRole("heading", { level: 1, name: url })).toBeVisible();

      await testTheWebhook(page, language);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-${screen}-webhook-detail`);
      await switchOffAndOn(page, language);
      await pageThroughDeliveries(page, language);

      // a new secret, after a confirmation, shown once; the old one signs 24 hours more
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: form("rotate") }).click();
      await expect(page.getByText(form("previousSecretNote"))).toBeVisible();
      const rotated = await page.getByLabel(form("secretLabel")).inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);

      const detailPath = new URL(page.url()).pathname;
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: wordsOf(language, "WebhookPage")("delete") }).click();
      await expect(page.getByText(words("deletedNotice"))).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
      await expect(page.getByRole("link", { name: url })).toHaveCount(0);
      // its page is gone, as another studio's would be
      expect((await page.goto(detailPath))?.status()).toBe(404);
    });
  });
}

/** Sends a test event, sees its delivery in the list and asks for it to be sent again. */
async function testTheWebhook(page: import("@playwright/test").Page, language: Language) {
  const words = wordsOf(language, "WebhookPage");
  const done = wordsOf(language, "WebhooksActions");
  await expect(page.getByText(words("noDeliveries"))).toBeVisible();
  await page.getByRole("button", { name: words("sendTest") }).click();
  await expect(page.getByText(done("testQueued"))).toBeVisible();
  const delivery = page.getByRole("row").filter({ hasText: words("testEvent") });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText("webhook.test");
  await delivery.getByRole("button", { name: new RegExp(`^${words("retry")}`) }).click();
  await expect(delivery.getByText(done("retrying"))).toBeVisible();
}

/** With more deliveries than a page holds (20 more test events, sent through the API), "Older" shows the first one. */
async function pageThroughDeliveries(page: import("@playwright/test").Page, language: Language) {
  const words = wordsOf(language, "WebhookPage");
  const webhookId = new URL(page.url()).pathname.split("/").pop()!;
  const admin = await demoApi("administrator");
  try {
    for (let i = 0; i < 20; i++) expect((await admin.post(`/api/webhooks/${webhookId}/test`)).status()).toBe(202);
  } finally {
    await admin.dispose();
  }
  await page.reload();
  const deliveries = page.getByRole("table", { name: words("deliveriesHeading") }).locator("tbody tr");
  await expect(deliveries).toHaveCount(20); // a page
  await page.getByRole("link", { name: words("older") }).click();
  await expect(deliveries).toHaveCount(1);
  await expect(page.getByRole("link", { name: words("older") })).toHaveCount(0);
  await page.getByRole("link", { name: words("newest") }).click();
  await expect(deliveries).toHaveCount(20);
}

async function switchOffAndOn(page: import("@playwright/test").Page, language: Language) {
  const words = wordsOf(language, "WebhookPage");
  const status = wordsOf(language, "WebhookStatus");
  const done = wordsOf(language, "WebhooksActions");
  const summary = page.locator("dl"); // status, events and created, under the heading
  await page.getByRole("button", { name: words("disable") }).click();
  await expect(page.getByText(done("disabled"))).toBeVisible();
  await expect(summary.getByText(status("disabled"), { exact: true })).toBeVisible();
  await expect(page.getByText(words("disabledExplanation"))).toBeVisible();
  await page.getByRole("button", { name: words("enable") }).click();
  await expect(page.getByText(done("enabled"))).toBeVisible();
  await expect(summary.getByText(status("enabled"), { exact: true })).toBeVisible();
}

async function openWebhooksPage(page: import("@playwright/test").Page, language: Language, screen: string) {
  const demo = wordsOf(language, "DemoPanel");
  const home = wordsOf(language, "DashboardHome");
  const nav = wordsOf(language, "DashboardNav");
  const words = wordsOf(language, "WebhooksPage");
  await page.goto("/");
  await page.getByRole("button", { name: demo("tryAdmin") }).click();
  await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
  const menu = page.getByRole("navigation", { name: nav("label") });
  if (screen === "phone") await menu.getByRole("button").first().click();
  await menu.getByRole("link", { name: nav("webhooks") }).click();
  await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
}
