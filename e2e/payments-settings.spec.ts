// Settings › Payments in demo mode: an administrator reads that payments run in demo mode, offers
// MobilePay (the demo studio prices in DKK), and the public passes page says so; in English and Danish.
import { expectNoSeriousA11yViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";
import { LANGUAGES, wordsOf } from "./support/words";

const PHONE = { width: 390, height: 844 };

for (const language of LANGUAGES) {
  test.describe(`in ${language === "en" ? "English" : "Danish"}`, () => {
    test.use({ language });
    const nav = wordsOf(language, "DashboardNav");
    const payments = wordsOf(language, "PaymentsSettings");
    const passes = wordsOf(language, "Passes");
    const admin = language === "en" ? "Try as administrator" : "Prøv som administrator";

    test("an administrator offers MobilePay in demo mode, and the passes page says so", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: admin }).click();
      await expect(page.getByRole("heading", { level: 1, name: nav("overview") })).toBeVisible();
      const menu = page.getByRole("navigation", { name: nav("label") });
      await menu.getByRole("link", { name: nav("payments") }).click();
      await expect(page.getByRole("heading", { level: 1, name: payments("title") })).toBeVisible();
      await expect(menu.getByRole("link", { name: nav("payments") })).toHaveAttribute("aria-current", "page");
      await expect(menu.getByRole("link", { name: nav("settings") })).not.toHaveAttribute("aria-current", "page");
      await expect(page.getByText(payments("demoMode"))).toBeVisible();
      await expect(page.getByText(payments("noFee"))).toBeVisible();
      await expect(page.getByLabel(payments("card"))).toBeDisabled();
      await expect(page.getByLabel(payments("card"))).toBeChecked();

      const mobilePay = page.getByLabel(payments("mobilepay"), { exact: true });
      await expect(mobilePay).toBeEnabled();
      await mobilePay.check();
      await page.getByRole("button", { name: payments("saveMethods") }).click();
      await expect(page.getByText(payments("methodsSaved"))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `payments-settings-desktop-${language}`);
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `payments-settings-phone-${language}`);

      await page.goto("/demo/passes");
      await expect(page.getByTestId("payment-methods")).toContainText(passes("payByCardOrMobilePay"));

      await page.goto("/dashboard/settings/payments");
      await page.getByLabel(payments("mobilepay"), { exact: true }).uncheck();
      await page.getByRole("button", { name: payments("saveMethods") }).click();
      await expect(page.getByText(payments("methodsSaved"))).toBeVisible();
      await page.goto("/demo/passes");
      await expect(page.getByTestId("payment-methods")).toHaveText(passes("payByCard"));
    });
  });
}
