// Settings › Accounting › Dinero: an administrator finds the studio not connected, and a form filled
// in wrongly answers in the page's language before anything is asked of Dinero; in English and
// Danish, on a desktop and a phone. (The connection itself is tested against a fake Dinero in
// app/api/account/accounting/dinero/dinero.test.ts: no journey reaches the network.)
import { expectNoSeriousA11yViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";
import { LANGUAGES, wordsOf } from "./support/words";

const PHONE = { width: 390, height: 844 };

for (const language of LANGUAGES) {
  test.describe(`in ${language === "en" ? "English" : "Danish"}`, () => {
    test.use({ language });
    const nav = wordsOf(language, "DashboardNav");
    const dinero = wordsOf(language, "DineroSettings");
    const errors = wordsOf(language, "FieldErrors");
    const admin = language === "en" ? "Try as administrator" : "Prøv som administrator";

    test("an administrator reads that Dinero is not connected and is told what is wrong with the form", async ({
      page,
    }) => {
      await page.goto("/");
      await page.getByRole("button", { name: admin }).click();
      await expect(page.getByRole("heading", { level: 1, name: nav("overview") })).toBeVisible();
      await page.goto("/dashboard/settings/accounting/dinero");
      await expect(page.getByRole("heading", { level: 1, name: dinero("title") })).toBeVisible();
      await expect(page.getByTestId("dinero-status")).toHaveText(dinero("statusNotConnected"));
      await expect(page.getByRole("button", { name: dinero("disconnect") })).toHaveCount(0);

      await page.getByLabel(dinero("organizationId")).fill("org-1");
      await page.getByLabel(dinero("clientId")).fill("studio-client");
      await page.getByRole("button", { name: dinero("connect") }).click();
      await expect(page.getByText(errors("dinero_organization_id"))).toBeVisible();
      await expect(page.getByTestId("dinero-status")).toHaveText(dinero("statusNotConnected"));
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `dinero-settings-desktop-${language}`);
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `dinero-settings-phone-${language}`);
    });
  });
}
