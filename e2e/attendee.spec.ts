import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, ensureDemoPass } from "./support/demo-api";
import { dayHeading, dkkPattern, mondayOf } from "./support/demo-week";
import { saveScreenshot } from "./support/screenshot";

test.beforeAll(async () => {
  await ensureDemoPass();
});

function studioNav(page: Page) {
  return page.getByRole("navigation", { name: "Studio" });
}

test("an attendee buys a pass, books a class in one click, finds it under My bookings and cancels it", async ({
  page,
}) => {
  // Anna Larsen: a demo attendee whom the fixture gives no pass and no bookings.
  await page.goto("/");
  await page.getByRole("combobox", { name: "Attendee" }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: "Try as attendee" }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();

  // Without a pass, the schedule says so before any tap: no Book button, a link to buy one.
  await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
  const unpaidWednesday = page.getByRole("main").getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 2 })) });
  await expect(unpaidWednesday.getByText("Your passes do not cover this class.").first()).toBeVisible();
  await expect(unpaidWednesday.getByRole("button", { name: /^Book: / })).toHaveCount(0);
  await expect(unpaidWednesday.getByRole("link", { name: "Buy a pass" }).first()).toHaveAttribute("href", "/demo/passes");

  // Buy a pass with the demo payment provider: paid at once, the pass is ready.
  await studioNav(page).getByRole("link", { name: "Passes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Passes and prices" })).toBeVisible();
  const buy = page.getByRole("button", { name: new RegExp(`^Buy ${DEMO_PASS.name.replace(/[()]/g, "\\$&")}, `) });
  await expect(buy).toHaveAccessibleName(dkkPattern(DEMO_PASS.amount));
  await expectNoSeriousA11yViolations(page);
  await buy.click();
  await expect(page).toHaveURL(/\/demo\/me\?bought=1$/);
  await expect(page.getByRole("main")).toContainText(
    "Thank you! Your purchase is complete and your pass is ready to use.",
  );
  const passes = page.getByRole("region", { name: "My passes" });
  await expect(passes).toContainText(DEMO_PASS.name);
  await expect(passes).toContainText("10 classes left");
  await expectNoSeriousA11yViolations(page);

  // Book in one click a class of next week's Wednesday: open for booking, and outside the
  // cancellation window whatever the day today.
  await studioNav(page).getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: "Next week" }).click();
  await expect(page).toHaveURL(new RegExp(`week=${mondayOf(1).toISODate()}`));
  const wednesday = page.getByRole("main").getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 2 })) });
  const book = wednesday.getByRole("button", { name: /^Book: / }).first();
  const label = (await book.getAttribute("aria-label"))!.replace(/^Book: /, "");
  const title = label.split(",")[0]!;
  const scheduleUrl = page.url();
  await book.click();
  const cancelButton = page.getByRole("button", { name: `Cancel booking: ${label}` });
  await expect(cancelButton).toBeVisible();
  await expect(wednesday.getByRole("listitem").filter({ has: cancelButton })).toContainText("Booked");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "schedule-booked");

  await studioNav(page).getByRole("link", { name: "My bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My bookings" })).toBeVisible();
  const upcoming = page.getByRole("region", { name: "Upcoming" });
  const booking = upcoming.getByRole("listitem").filter({ hasText: title });
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText("Booked");
  await expect(passes).toContainText("9 classes left");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "my-bookings");

  // Cancel it, in time: the dialog says the credit comes back.
  await page.goto(scheduleUrl);
  await page.getByRole("button", { name: `Cancel booking: ${label}` }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
  await expect(dialog).toContainText("the credit comes back to your pass");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("button", { name: `Book: ${label}` })).toBeVisible();
  await expect(cancelButton).toHaveCount(0);

  await studioNav(page).getByRole("link", { name: "My bookings" }).click();
  await expect(booking).toContainText("Cancelled");
  await expect(booking).not.toContainText("Booked");
  await expect(passes).toContainText("10 classes left");
});
