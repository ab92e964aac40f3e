import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, ensureDemoPass } from "./support/demo-api";
import { dayHeading, dkkPattern, mondayOf } from "./support/demo-week";
import { saveScreenshot } from "./support/screenshot";

test.beforeAll(async () => {
  await ensureDemoPass();
});

test("a visitor finds the demo studio's week by day, the next week and its passes in DKK", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Studio Booking" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Try the demo" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "home");

  await page.getByRole("link", { name: "Open the demo studio" }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Demo Studio" })).toBeVisible();

  // Seven days, each a section headed by its day in Danish; the weekly classes under their days.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveCount(7);
  const monday = mondayOf(0);
  await expect(main.getByRole("region", { name: dayHeading(monday, "en") })).toContainText("Morgenvinyasa");
  await expect(main.getByRole("region", { name: dayHeading(monday.plus({ days: 1 }), "en") })).toContainText(
    "Yin Yoga",
  );
  await expect(main.getByRole("region", { name: dayHeading(monday.plus({ days: 3 }), "en") })).toContainText(
    "Power Flow",
  );
  await expect(main.getByRole("region", { name: dayHeading(monday.plus({ days: 5 }), "en") })).toContainText(
    "Yoga for begyndere",
  );
  await expect(main.getByRole("region", { name: dayHeading(monday.plus({ days: 1 }), "en") })).not.toContainText(
    "Power Flow",
  );
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "schedule");

  const nextMonday = mondayOf(1);
  await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(new RegExp(`week=${nextMonday.toISODate()}`));
  await expect(main.getByRole("region", { name: dayHeading(nextMonday, "en") })).toContainText("Morgenvinyasa");
  await expect(main.getByRole("region", { name: dayHeading(nextMonday.plus({ days: 6 }), "en") })).toContainText(
    "Morgenvinyasa",
  );
  await expect(page.getByRole("link", { name: "This week" })).toBeVisible();
  // A visitor is asked to sign in before booking.
  await expect(main.getByRole("link", { name: /^Sign in to book\s*: Morgenvinyasa/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Passes" }).click();
  await expect(page).toHaveURL(/\/demo\/passes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Passes and prices" })).toBeVisible();
  const pass = main
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: DEMO_PASS.name }) });
  await expect(pass).toContainText(dkkPattern(DEMO_PASS.amount));
  await expect(pass).toContainText("10 classes");
  await expect(pass.getByRole("link", { name: /^Sign in to buy\s*:/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "passes");
});
