// A member keeps a standing place ("fast plads", issue 32 §3) from a class page, in Danish on a
// phone, and finds next week's class booked under "Mine bookinger". The demo studio allows standing
// places (its bookingPolicy), and Ida Holm holds a 10-class pass and no booking in the class chosen:
// next Thursday's first class (open for booking whatever today is: at most ten days ahead).
import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { dayHeading, mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { wordsOf } from "./support/words";

test.use({ language: "da", ...PHONE });

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
});

test("a member keeps her place in a class every week and finds next week's class booked", async ({ page }) => {
  const demo = wordsOf("da", "DemoPanel");
  const header = wordsOf("da", "StudioHeader");
  const classPage = wordsOf("da", "PublicClass");
  const result = wordsOf("da", "StandingPlaceResult");
  const me = wordsOf("da", "MyBookings");

  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Ida Holm" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);

  // next Thursday's first class, through its title's link on the schedule
  const monday = mondayOf(1);
  await page.goto(`/demo?week=${monday.toISODate()}`);
  const thursday = page.getByRole("main").getByRole("region", { name: dayHeading(monday.plus({ days: 3 }), "da") });
  const link = thursday.getByRole("heading", { level: 3 }).first().getByRole("link");
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/demo\/classes\/[^/?#]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const startsAt = await page.getByRole("main").locator("h1 + p time").getAttribute("datetime");

  const booking = page.getByRole("complementary", { name: classPage("booking") });
  await expect(booking.getByText(classPage("keepPlaceHint"))).toBeVisible();
  await booking.getByRole("button", { name: classPage("keepPlace") }).click();
  // one sentence says so: what came of it, in place of "Du har fast plads …" the refreshed page has
  await expect(booking.getByText(result("kept"))).toBeVisible();
  await expect(booking.getByText(classPage("hasStandingPlace"))).toHaveCount(0);
  await expect(booking.getByRole("button", { name: classPage("stopPlace") })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "da-phone-standing-place-class");

  await page.getByRole("navigation", { name: header("navigation") }).getByRole("link", { name: header("myBookings") }).click();
  await expect(page.getByRole("heading", { level: 1, name: me("title") })).toBeVisible();
  const upcoming = page.getByRole("region", { name: me("upcoming") });
  const nextWeeks = upcoming.getByRole("listitem").filter({ has: page.locator(`time[datetime="${startsAt}"]`) });
  await expect(nextWeeks).toHaveCount(1);
  await expect(nextWeeks).toContainText(title);
  const places = page.getByRole("region", { name: me("standingPlaces") });
  await expect(places.getByRole("listitem")).toHaveCount(1);
  await expect(places.getByRole("listitem")).toContainText(title);
  await expect(places.getByRole("button", { name: me("stopPlace") })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "da-phone-standing-place-my-bookings");
});
