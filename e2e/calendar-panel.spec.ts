import { expect, test } from "./support/test";
import { mondayOf } from "./support/demo-week";
import { saveScreenshot } from "./support/screenshot";
import { wordsOf } from "./support/words";

// Issue 30 §3: the week calendar with a class's panel open, at the desk's usual widths: every title
// whole (never split inside a word), times and teachers readable, and the panel's last action
// reachable inside the window.
for (const width of [1280, 1440]) {
  test.describe(`at ${width} px, in Danish`, () => {
    test.use({ language: "da", viewport: { width, height: 900 }, deviceScaleFactor: 1 });

    test("the week keeps its titles whole with the panel open, and the panel's last action is reachable", async ({
      page,
    }) => {
      const demo = wordsOf("da", "DemoPanel");
      const home = wordsOf("da", "DashboardHome");
      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await page.goto(`/dashboard/calendar?week=${mondayOf(1).toISODate()}`);
      const blocks = page.getByRole("main").locator('a[href*="class="]');
      await expect(blocks.first()).toBeVisible();
      await blocks.first().click();
      const panel = page.getByRole("complementary");
      await expect(panel.getByRole("heading", { level: 2 })).toBeFocused();
      await saveScreenshot(page, `da-${width}-calendar-panel`);
      await page.screenshot({ path: test.info().outputPath(`window-${width}.png`) }); // the window as the desk sees it

      // No title is broken inside a word: a title that does not fit ends in an ellipsis instead.
      const splitting = await blocks.evaluateAll((links) =>
        links
          .map((link) => link.querySelector("span"))
          .filter((title): title is HTMLSpanElement => title !== null)
          .filter((title) => {
            const style = getComputedStyle(title);
            return style.overflowWrap !== "normal" || style.wordBreak === "break-all";
          })
          .map((title) => title.textContent),
      );
      expect(splitting).toEqual([]);

      // The panel scrolls inside the window: its last control can be brought into view and used.
      const last = panel.locator("button, a[href]").last();
      await last.scrollIntoViewIfNeeded();
      const box = (await last.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      await page.screenshot({ path: test.info().outputPath(`window-${width}-end.png`) });
    });
  });
}
