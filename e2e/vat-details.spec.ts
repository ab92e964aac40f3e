import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DESKTOP } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, wordsOf } from "./support/words";

// The studio's VAT details on Settings › Payments (printed on its receipts): the demo studio's are
// shown, saved again unchanged, and a rate with three decimals is refused in plain words.
for (const language of LANGUAGES) {
  test.describe(`in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...DESKTOP });

    test("an administrator sees and saves the VAT details", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const home = wordsOf(language, "DashboardHome");
      const words = wordsOf(language, "VatDetails");
      const errors = wordsOf(language, "FieldErrors");

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await page.goto("/dashboard/settings/payments");
      const section = page.getByRole("region", { name: words("heading") });
      await expect(section.getByLabel(words("name"))).toHaveValue("Demo Studio ApS");
      await expect(section.getByLabel(words("vatNumber"))).toHaveValue("DK12345678");
      const rate = section.getByLabel(words("vatRate"));
      await expect(rate).toHaveValue("25");

      await rate.fill("12.345");
      await section.getByRole("button", { name: words("save") }).click();
      await expect(section.getByText(errors("vat_rate_precision"))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-desktop-vat-details`);

      await rate.fill("25");
      await section.getByRole("button", { name: words("save") }).click();
      await expect(section.getByText(words("saved"))).toBeVisible();
    });
  });
}
