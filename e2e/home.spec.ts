import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshot";

test.use({ viewport: { width: 375, height: 812 } });

test("on a 375 px phone the home page fits, and the demo can be entered with the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Studio Booking" })).toBeVisible();
  const demo = page.getByRole("region", { name: "Try the demo" });
  await expect(demo.getByRole("combobox", { name: "Attendee" })).toHaveValue(/.+/);
  await expect(demo.getByRole("combobox", { name: "Attendee" }).getByRole("option")).toHaveCount(8);
  await expect(page.getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/docs/");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "home-mobile");

  // Tab order reaches the administrator button; Enter signs in and opens the dashboard.
  const tryAdmin = demo.getByRole("button", { name: "Try as administrator" });
  for (let i = 0; i < 20 && !(await tryAdmin.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(tryAdmin).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});
