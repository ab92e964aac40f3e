// A class's own page, reached from the schedule on a phone: what booking would do is said before any
// tap (the schedule's own explanation), and the class can be added to a calendar. Classes are found
// by the page's structure (a day's section, a class title's link), never by their titles, which are
// the studio's own content.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Messages } from "../lib/i18n/messages";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { ensureDemoPass } from "./support/demo-api";
import { dayHeading, mondayOf } from "./support/demo-week";
import type { Language } from "./support/words";
import { saveScreenshot } from "./support/screenshot";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const UNKNOWN_CLASS = "00000000-0000-4000-8000-000000000000";

/** The page's words in a language, from its catalogue (the JSON files the app joins). */
function catalogue(language: "da" | "en"): Pick<Messages, "Schedule" | "PublicClass" | "NotFound"> {
  const dir = path.resolve(import.meta.dirname, "../lib/i18n/messages", language);
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  return { ...read("schedule.json"), ...read("public-class.json"), ...read("site.json") };
}

test.beforeAll(async () => {
  await ensureDemoPass();
});

/** Next week's Wednesday on the schedule: open for booking and outside the cancellation window, whatever today is. */
async function openNextWednesday(page: Page, language: Language) {
  const monday = mondayOf(1);
  await page.goto(`/demo?week=${monday.toISODate()}`);
  return page.getByRole("main").getByRole("region", { name: dayHeading(monday.plus({ days: 2 }), language) });
}

/** Opens the first class of next Wednesday through its title's link; the class's id and title. */
async function openFirstClass(page: Page, language: Language): Promise<{ id: string; title: string }> {
  const wednesday = await openNextWednesday(page, language);
  const link = wednesday.getByRole("heading", { level: 3 }).first().getByRole("link");
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/demo\/classes\/[^/?#]+$/);
  const id = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  return { id, title };
}

async function signInAs(page: Page, attendee: string) {
  await page.goto("/");
  await page.getByRole("combobox", { name: "Attendee" }).selectOption({ label: attendee });
  await page.getByRole("button", { name: "Try as attendee" }).click();
  await expect(page).toHaveURL(/\/demo$/);
}

for (const language of ["en", "da"] as const) {
  test.describe(`in ${language === "en" ? "English" : "Danish"}`, () => {
    test.use({ language, viewport: PHONE });
    const t = catalogue(language);

    test("a visitor on a phone jumps to a day, opens a class and adds it to a calendar", async ({ page }) => {
      const wednesday = await openNextWednesday(page, language);
      // The week's navigation fits on one line: previous and next side by side.
      const weeks = page.getByRole("navigation", { name: t.Schedule.weeks });
      const previous = await weeks
        .getByRole("link", { name: `${t.Schedule.previous}${t.Schedule.weekHidden}` })
        .boundingBox();
      const next = await weeks.getByRole("link", { name: `${t.Schedule.next}${t.Schedule.weekHidden}` }).boundingBox();
      expect(Math.abs(previous!.y - next!.y)).toBeLessThan(4);
      expect(next!.x + next!.width).toBeLessThanOrEqual(PHONE.width);
      // A day is a link away, without JavaScript: its section is the target of the chip's anchor.
      const days = page.getByRole("navigation", { name: t.Schedule.days });
      await expect(days.getByRole("link")).toHaveCount(7);
      const wednesdayId = await wednesday.getByRole("heading", { level: 2 }).getAttribute("id");
      await days.locator(`a[href="#${wednesdayId}"]`).click();
      await expect(page).toHaveURL(new RegExp(`#${wednesdayId}$`));
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `schedule-phone-${language}`);

      const { id, title } = await openFirstClass(page, language);
      const booking = page.getByRole("complementary", { name: t.PublicClass.booking });
      await expect(booking.getByRole("link", { name: new RegExp(`^${t.Schedule.signInToBook}`) })).toHaveAttribute(
        "href",
        `/sign-in?account=demo&returnTo=${encodeURIComponent(`/demo/classes/${id}`)}`,
      );
      const calendar = booking.getByRole("link", { name: t.PublicClass.addToCalendar });
      const href = `/api/public/accounts/demo/instances/${id}/calendar.ics`;
      await expect(calendar).toHaveAttribute("href", href);
      const ics = await page.request.get(href);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const text = (await ics.text()).replace(/\r\n /g, "");
      expect(text).toContain(`UID:instance-${id}@`);
      expect(text).toContain(`SUMMARY:${title.replace(/[\\;,]/g, "\\$&")}`);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `class-page-phone-${language}`);

      await page.getByRole("main").getByRole("link", { name: t.PublicClass.backToSchedule }).click();
      await expect(page).toHaveURL(new RegExp(`/demo\\?week=${mondayOf(1).toISODate()}#${wednesdayId}$`));
    });

    test("an unknown class is a 404 page that links home", async ({ page }) => {
      const response = await page.goto(`/demo/classes/${UNKNOWN_CLASS}`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t.NotFound.title })).toBeVisible();
      await expect(page.getByRole("link", { name: t.NotFound.home })).toHaveAttribute("href", "/");
      await expectNoSeriousA11yViolations(page);
    });

    test("on a desktop the schedule and a class page use the width", async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await openNextWednesday(page, language);
      await saveScreenshot(page, `schedule-desktop-${language}`);
      await openFirstClass(page, language);
      await saveScreenshot(page, `class-page-desktop-${language}`);
    });
  });
}

test.describe("signed in, on a phone", () => {
  test.use({ viewport: PHONE });

  test("someone without any pass is invited to buy one, and the passes page keeps the way back", async ({ page }) => {
    await signInAs(page, "Emil Christensen");
    await openFirstClass(page, "en");
    const classPath = new URL(page.url()).pathname;
    const booking = page.getByRole("complementary", { name: "Booking" });
    await expect(booking).not.toContainText("Your passes do not cover this class.");
    await expect(booking.getByRole("button", { name: /^Book: / })).toHaveCount(0);
    const invitation = booking.getByRole("link", { name: /^Buy a pass to book: / });
    await expect(invitation).toHaveAttribute("href", `/demo/passes?returnTo=${encodeURIComponent(classPath)}`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "class-page-no-pass");
    await invitation.click();
    await expect(page.getByRole("heading", { level: 1, name: "Passes and prices" })).toBeVisible();
    const buy = await page.getByRole("link", { name: /^Buy / }).first().getAttribute("href");
    expect(buy).toContain(`returnTo=${encodeURIComponent(classPath)}`);
  });

  test("someone with a pass sees the credit a booking uses, books, and sees Booked with a way to cancel", async ({
    page,
  }) => {
    await signInAs(page, "Freja Nielsen");
    const { title } = await openFirstClass(page, "en");
    const booking = page.getByRole("complementary", { name: "Booking" });
    await expect(booking).toContainText(/Uses 1 of \d+ class(es)? left on your /);
    await booking.getByRole("button", { name: new RegExp(`^Book: ${title}`) }).click();
    const cancel = booking.getByRole("button", { name: new RegExp(`^Cancel booking: ${title}`) });
    await expect(cancel).toBeVisible();
    await expect(booking).toContainText("Booked");
    await expect(page.getByRole("main")).not.toContainText("join waitlist");
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "class-page-booked");

    // Cancelled in time: the credit comes back and the class can be booked again.
    await cancel.click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
    await expect(booking.getByRole("button", { name: new RegExp(`^Book: ${title}`) })).toBeVisible();
  });
});
