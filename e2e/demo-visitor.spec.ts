import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, ensureDemoPass } from "./support/demo-api";
import { saveScreenshot } from "./support/screenshot";

test("a demo visitor tries the dashboard as administrator and resets the demo studio", async ({ page }) => {
  // Someone changed the demo: a pass that the seeded studio does not have.
  await ensureDemoPass();

  await page.goto("/");
  await page.getByRole("button", { name: "Try as administrator" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Demo Studio");
  await expect(page.getByRole("banner")).toContainText("Dashboard (demo)");
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Calendar" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "dashboard");

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByRole("main").getByRole("heading", { name: DEMO_PASS.name })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Reset asks first; dismissing it changes nothing.
  await page.goto("/");
  page.once("dialog", (dialog) => dialog.dismiss());
  await page.getByRole("button", { name: "Reset demo studio" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Reset the demo studio?");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Reset demo studio" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("The demo studio is back to its original state.");
  await expectNoSeriousA11yViolations(page);

  // The old demo session ended with the old studio; a new one sees the seeded studio again.
  await page.goto("/dashboard");
  await expect(
    page.getByRole("heading", { level: 1, name: "The dashboard is for a studio's staff" }),
  ).toBeVisible();
  await page.goto("/");
  await page.getByRole("button", { name: "Try as administrator" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByRole("main").getByRole("heading", { name: DEMO_PASS.name })).toHaveCount(0);
});
