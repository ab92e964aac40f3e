// Settings › Bogføring: an administrator finds it in the menu, saves the studio's account numbers,
// downloads the journal of a period and finds the way to Dinero; in English and Danish, on a
// desktop and a phone. (The journal's lines and the accounts' rules are tested through the API in
// app/api/exports/journal.csv and app/api/account/accounting.)
import { expectNoSeriousA11yViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";
import { LANGUAGES, wordsOf } from "./support/words";

const PHONE = { width: 390, height: 844 };

for (const language of LANGUAGES) {
  test.describe(`in ${language === "en" ? "English" : "Danish"}`, () => {
    test.use({ language });
    const nav = wordsOf(language, "DashboardNav");
    const accounting = wordsOf(language, "AccountingSettings");
    const admin = language === "en" ? "Try as administrator" : "Prøv som administrator";

    test("an administrator saves the account numbers and downloads the journal of a period", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: admin }).click();
      await expect(page.getByRole("heading", { level: 1, name: nav("overview") })).toBeVisible();
      await page.getByRole("link", { name: nav("accounting"), exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: accounting("title") })).toBeVisible();
      // The demo studio is shared by the journeys: each language saves its own number.
      const salesAccount = language === "en" ? "1200" : "1100";
      await expect(page.getByLabel(accounting("salesAccount"))).toHaveValue(/^\d+$/);
      await page.getByLabel(accounting("salesAccount")).fill(salesAccount);
      await page.getByRole("button", { name: accounting("save") }).click();
      await expect(page.getByText(accounting("saved"))).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(accounting("salesAccount"))).toHaveValue(salesAccount);

      await page.getByLabel(accounting("from")).fill("2026-01-01");
      await page.getByLabel(accounting("to")).fill("2026-12-31");
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: accounting("download") }).click();
      expect((await download).suggestedFilename()).toBe("journal.csv");

      await expect(page.getByRole("link", { name: accounting("dineroLink") })).toHaveAttribute(
        "href",
        "/dashboard/settings/accounting/dinero",
      );
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `accounting-settings-desktop-${language}`);
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `accounting-settings-phone-${language}`);
    });
  });
}
