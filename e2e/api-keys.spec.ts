import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DESKTOP, PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { wordsOf, type Language } from "./support/words";

// API keys: the desk makes a key in the dashboard, sees its secret once, the secret works against
// the API, and after revoking it the API refuses it.
// Each language and each screen once: Danish on a desktop, English on a phone.
for (const [language, screen, device] of [
  ["da", "desktop", DESKTOP],
  ["en", "phone", PHONE],
] as const) {
  test.describe(`in ${language === "da" ? "Danish" : "English"} on a ${screen}`, () => {
    test.use({ language, ...device });

    test("the desk creates an API key, copies its secret once and revokes it", async ({ page, context, request }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const words = wordsOf(language, "ApiKeysPage");
      const done = wordsOf(language, "ApiKeysActions");
      const name = `Widget ${screen} ${language} ${Date.now().toString(36)}`;
      await openApiKeysPage(page, language, screen);

      await page.getByLabel(words("name"), { exact: true }).fill(name);
      await page.getByRole("button", { name: words("create") }).click();
      await expect(page.getByText(done("created", { name }))).toBeVisible();
      await expect(page.getByText(words("secretWarning"))).toBeVisible();
      // where the eye already is: in view and focused (so selected, ready to copy)
      await expect(page.getByLabel(words("secretLabel"))).toBeFocused();
      await expect(page.getByLabel(words("secretLabel"))).toBeInViewport();
      const secret = await page.getByLabel(words("secretLabel")).inputValue();
      expect(secret).toMatch(/^sbk_/);
      await page.getByRole("button", { name: words("copy"), exact: true }).click();
      await expect(page.getByText(words("copied"))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText(secret.slice(0, 12));
      await expect(row).toContainText(words("neverUsed"));
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-${screen}-api-keys`);

      const bearer = { Authorization: `Bearer ${secret}` };
      expect((await request.get("/api/users", { headers: bearer })).status()).toBe(200);
      expect((await request.get("/api/me", { headers: bearer })).status()).toBe(403);

      // a reload loses the secret for good; the list keeps the key
      await page.reload();
      await expect(page.getByText(words("secretWarning"))).toHaveCount(0);
      page.once("dialog", (dialog) => void dialog.accept());
      await page
        .getByRole("row")
        .filter({ hasText: name })
        .getByRole("button", { name: words("revokeKey", { name }) })
        .click();
      await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
      expect((await request.get("/api/users", { headers: bearer })).status()).toBe(401);
    });
  });
}

async function openApiKeysPage(page: import("@playwright/test").Page, language: Language, screen: string) {
  const demo = wordsOf(language, "DemoPanel");
  const home = wordsOf(language, "DashboardHome");
  const nav = wordsOf(language, "DashboardNav");
  const words = wordsOf(language, "ApiKeysPage");
  await page.goto("/");
  await page.getByRole("button", { name: demo("tryAdmin") }).click();
  await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
  const menu = page.getByRole("navigation", { name: nav("label") });
  if (screen === "phone") await menu.getByRole("button").first().click();
  await menu.getByRole("link", { name: nav("apiKeys") }).click();
  await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
}
