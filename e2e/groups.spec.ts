import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, wordsOf } from "./support/words";

// An attendee of the demo studio, found by a search rather than picked from a list of everyone.
const EMIL = "Emil Christensen";

for (const language of LANGUAGES) {
  test.describe(`on a phone, in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...PHONE });

    test("an administrator makes a group and adds a member found by name", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const home = wordsOf(language, "DashboardHome");
      const groups = wordsOf(language, "GroupsPage");
      const name = `Morning regulars ${language} ${Date.now()}`;

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await page.goto("/dashboard/groups");
      await expect(page.getByRole("heading", { level: 1, name: groups("title") })).toBeVisible();

      await page.getByLabel(groups("name"), { exact: true }).fill(name);
      await page.getByRole("button", { name: groups("add") }).click();
      const group = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await expect(group).toBeVisible();

      await group.getByRole("searchbox", { name: groups("addTo", { name }), exact: true }).fill("emil");
      await group.getByRole("button", { name: groups("findPersonFor", { name }) }).click();
      const add = page.getByRole("button", { name: groups("addNamedTo", { member: EMIL, name }) });
      await expect(add).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-phone-group-search`);
      await add.click();

      await expect(page.getByRole("button", { name: groups("removeMember", { member: EMIL, group: name }) })).toBeVisible();
      await expect(page.getByRole("heading", { name }).getByText(groups("members", { count: 1 }))).toBeVisible();
    });
  });
}
