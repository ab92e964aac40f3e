import { request, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, ensureDemoPass } from "./support/demo-api";
import { dayHeading, dkkPattern, mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { LANGUAGES, literal, wordsOf } from "./support/words";

for (const language of LANGUAGES) {
  test.describe(`on a phone, in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...PHONE });

    // Each language's journey starts from the seeded studio, where Anna Larsen has no pass and no bookings.
    test.beforeAll(async () => {
      const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
      expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
      await api.dispose();
      await ensureDemoPass();
    });

    test("an attendee buys a pass, books a class in one tap, finds it under My bookings and cancels it", async ({
      page,
    }) => {
      const demo = wordsOf(language, "DemoPanel");
      const header = wordsOf(language, "StudioHeader");
      const schedule = wordsOf(language, "Schedule");
      const passesPage = wordsOf(language, "Passes");
      const buyButton = wordsOf(language, "BuyButton");
      const summary = wordsOf(language, "OrderSummary");
      const me = wordsOf(language, "MyBookings");
      const statuses = wordsOf(language, "Statuses");
      const controls = wordsOf(language, "BookingControls");
      const studioNav = (p: Page) => p.getByRole("navigation", { name: header("navigation") });
      const shot = (name: string) => saveScreenshot(page, `${language}-phone-${name}`);

      await page.goto("/");
      await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
      await page.getByRole("button", { name: demo("tryAttendee") }).click();
      await expect(page).toHaveURL(/\/demo$/);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("banner").getByRole("button", { name: header("signOut") })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
      await expectNoSeriousA11yViolations(page);
      await shot("schedule");

      // Without any pass, the schedule invites her to buy one before any tap: no Book button, and
      // the invitation leads to the passes with the way back to that class.
      await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
      const unpaidWednesday = page
        .getByRole("main")
        .getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 2 }), language) });
      const invitation = unpaidWednesday
        .getByRole("link", { name: new RegExp(`^${literal(schedule("buyPassToBook"))}\\s*: `) })
        .first();
      await expect(invitation).toBeVisible();
      await expect(unpaidWednesday.getByText(schedule("noPass"))).toHaveCount(0);
      await expect(
        unpaidWednesday.getByRole("button", { name: new RegExp(`^${literal(controls("book"))}: `) }),
      ).toHaveCount(0);
      await expect(invitation).toHaveAttribute("href", /^\/demo\/passes\?returnTo=%2Fdemo%2Fclasses%2F/);

      // Buy a pass with the demo payment provider: paid at once, the pass is ready.
      await studioNav(page)
        .getByRole("link", { name: header("passes") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: passesPage("title") })).toBeVisible();
      const buyName = passesPage("buyLabel", { label: `${DEMO_PASS.name}, ` });
      const buy = page.getByRole("link", { name: new RegExp(`^${literal(buyName)}`) });
      await expect(buy).toHaveAccessibleName(dkkPattern(DEMO_PASS.amount));
      await expectNoSeriousA11yViolations(page);
      await shot("passes");
      // The order summary first, then pay (from the menu, not a class: afterwards My bookings).
      await buy.click();
      await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
      await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowClassPass") }).check();
      await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();
      await expect(page).toHaveURL(/\/demo\/me\?bought=1$/);
      await expect(page.getByRole("main")).toContainText(me("bought"));
      const passes = page.getByRole("region", { name: me("myPasses") });
      await expect(passes).toContainText(DEMO_PASS.name);
      await expect(passes).toContainText(me("classesLeft", { count: 10 }));
      await expectNoSeriousA11yViolations(page);

      // Book in one tap a class of next week's Wednesday: open for booking, and outside the
      // cancellation window whatever the day today. Before the tap it says which pass it uses.
      await studioNav(page)
        .getByRole("link", { name: header("schedule") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: schedule("title") })).toBeVisible();
      await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
      const wednesday = page
        .getByRole("main")
        .getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 2 }), language) });
      await expect(wednesday).toContainText(schedule("usesCredit", { remaining: 10, product: DEMO_PASS.name }));
      const book = wednesday.getByRole("button", { name: new RegExp(`^${literal(controls("book"))}: `) }).first();
      const label = (await book.getAttribute("aria-label"))!.slice(`${controls("book")}: `.length);
      const title = label.split(",")[0]!;
      const scheduleUrl = page.url();
      await book.click();
      const cancelButton = page.getByRole("button", { name: `${controls("cancelBooking")}: ${label}` });
      await expect(cancelButton).toBeVisible();
      const bookedRow = wednesday.getByRole("listitem").filter({ has: cancelButton });
      await expect(bookedRow).toContainText(controls("booked"));
      await expect(bookedRow).not.toContainText(schedule("fullJoinWaitlist"));
      await expectNoSeriousA11yViolations(page);
      await shot("schedule-booked");

      await studioNav(page)
        .getByRole("link", { name: header("myBookings") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: me("title") })).toBeVisible();
      const upcoming = page.getByRole("region", { name: me("upcoming") });
      const booking = upcoming.getByRole("listitem").filter({ hasText: title });
      await expect(booking).toHaveCount(1);
      await expect(booking).toContainText(statuses("bookingConfirmed"));
      await expect(passes).toContainText(me("classesLeft", { count: 9 }));
      await expectNoSeriousA11yViolations(page);
      await shot("my-bookings");

      // Cancel it, in time: the dialog says the credit comes back.
      await page.goto(scheduleUrl);
      await page.getByRole("button", { name: `${controls("cancelBooking")}: ${label}` }).click();
      const dialog = page.getByRole("dialog", { name: controls("cancelTitle") });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot("cancel-dialog");
      await dialog.getByRole("button", { name: controls("cancelBooking") }).click();
      await expect(page.getByRole("button", { name: `${controls("book")}: ${label}` })).toBeVisible();
      await expect(cancelButton).toHaveCount(0);

      await studioNav(page)
        .getByRole("link", { name: header("myBookings") })
        .click();
      // A cancelled booking leaves "Upcoming" for its own list, in words.
      await expect(booking).toHaveCount(0);
      const cancelled = page
        .getByRole("region", { name: me("cancelled") })
        .getByRole("listitem")
        .filter({ hasText: title });
      await expect(cancelled).toContainText(statuses("bookingCancelled"));
      await expect(cancelled).not.toContainText(statuses("bookingConfirmed"));
      await expect(passes).toContainText(me("classesLeft", { count: 10 }));
    });
  });
}
