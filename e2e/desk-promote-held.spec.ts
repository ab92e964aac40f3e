import { request, type Browser, type Page } from "@playwright/test";
import { DateTime } from "luxon";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoAttendeeApi } from "./support/demo-api";
import { DESKTOP, PHONE } from "./support/devices";
import { waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// Issue 45 §1: the desk sees who holds an offered place and until when, and moves up the person it
// picks from a full class by giving it one extra place. In Danish, on a desktop (a phone's roster is
// looked at too). The demo studio offers a freed place (`waitlistMode: offer`): a Tuesday's
// Måttepilates is full, Mads and Lars booked, the third place held for Ida Holm, Freja Nielsen waiting.

const ZONE = "Europe/Copenhagen";
const CLASS = "Måttepilates";
const FREJA = { name: "Freja Nielsen", email: "freja.nielsen@demo.studio-booking.test" };
const IDA = "Ida Holm";
const language = "da";

type MyBooking = {
  booking: { id: string; status: string; instanceId: string; offerExpiresAt: string | null };
  instance: { startsAt: string };
  event: { title: string };
};

/** The class whose place is held for Ida (her own bookings, through the API), and until when, in the studio's zone. */
async function heldClass(): Promise<{ instanceId: string; startsAt: DateTime; until: string }> {
  const ida = await demoAttendeeApi(IDA);
  try {
    const mine = (await (
      await ida.get(`/api/me/bookings?from=${encodeURIComponent(new Date().toISOString())}`)
    ).json()) as MyBooking[];
    const held = mine.find((entry) => entry.event.title === CLASS && entry.booking.offerExpiresAt !== null);
    expect(held, "the demo holds Ida a place").toBeDefined();
    return {
      instanceId: held!.booking.instanceId,
      startsAt: DateTime.fromISO(held!.instance.startsAt).setZone(ZONE),
      until: DateTime.fromISO(held!.booking.offerExpiresAt!).setZone(ZONE).toFormat("HH.mm"),
    };
  } finally {
    await ida.dispose();
  }
}

async function signInAsAdmin(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: wordsOf(language, "DemoPanel")("tryAdmin") }).click();
  await page.waitForURL(/\/dashboard/);
}

const rosterOf = (page: Page) => page.locator("section", { has: page.locator("#roster-heading") });
const waitlistOf = (page: Page) => page.locator("section", { has: page.locator("#waitlist-heading") });

test.describe("the desk in Danish", () => {
  test.use({ language, ...DESKTOP });

  test.beforeAll(async () => {
    const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
    expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
    await api.dispose();
  });

  test("sees whose place is held until when, and moves up the person it picks with an extra place", async ({
    page,
    browser,
  }) => {
    const classPage = wordsOf(language, "ClassPage");
    const fill = wordsOf(language, "FillBar");
    const held = wordsOf(language, "HeldPlaces");
    const promote = wordsOf(language, "PromoteForm");
    const rosterActions = wordsOf(language, "RosterActions");
    const heldText = (until: string) => held.markup("heldFor", { attendee: IDA, time: until, person: (name) => name });
    const { instanceId, startsAt, until } = await heldClass();
    const since = new Date();
    await signInAsAdmin(page);

    // The calendar's panel: 2 booked and 1 held, and whose it is until when.
    const week = startsAt.startOf("week").toISODate()!;
    await page.goto(`/dashboard/calendar?week=${week}&day=${startsAt.toISODate()}&class=${instanceId}`);
    const panel = page.getByRole("complementary", { name: CLASS });
    await expect(panel.getByRole("heading", { name: CLASS })).toBeVisible();
    const count = fill("bookedAndHeld", { booked: 2, held: 1, taken: 3, capacity: 3, percent: 100 });
    await expect(panel).toContainText(count);
    await expect(panel.getByRole("list", { name: wordsOf(language, "Calendar")("heldPlaces") })).toHaveText(
      heldText(until),
    );
    await saveScreenshot(page, "da-desktop-desk-promote-held-1-panel");

    // The roster: the held place beside the two booked, Freja waiting behind.
    await page.goto(`/dashboard/classes/${instanceId}`);
    await expect(page.getByText(count)).toBeVisible();
    await expect(page.getByRole("heading", { name: classPage("roster", { count: 3 }) })).toBeVisible();
    await expect(rosterOf(page).getByRole("listitem").filter({ hasText: IDA })).toContainText(heldText(until));
    await expect(page.getByRole("heading", { name: classPage("waitlist", { count: 1 }) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "/tmp/h-held-desktop-roster.png", fullPage: true });
    await saveScreenshot(page, "da-desktop-desk-promote-held-2-roster");
    await phoneRoster(browser, instanceId);

    // "Ryk op" on Freja: the class is full, so the desk confirms one extra place for her.
    const frejaWaiting = waitlistOf(page).getByRole("listitem").filter({ hasText: FREJA.name });
    await frejaWaiting.locator("summary", { hasText: promote("moveUp") }).click();
    await expect(frejaWaiting).toContainText(promote("fullHint", { attendee: FREJA.name, capacity: 4 }));
    await page.screenshot({ path: "/tmp/h-held-desktop-extra-place.png", fullPage: true });
    await saveScreenshot(page, "da-desktop-desk-promote-held-3-extra-place");
    await frejaWaiting.getByRole("button", { name: promote("moveUpWithExtraPlace") }).click();
    // Her waiting row goes as she is booked; what happened is told above the waitlist, where the desk looks.
    await expect(frejaWaiting).toHaveCount(0);
    await expect(waitlistOf(page).getByRole("status")).toHaveText(rosterActions("promotedExtraPlace"));

    // Booked: Freja on the roster with her pass, Ida's place still held as it was, nobody waiting.
    await page.reload();
    await expect(page.getByRole("heading", { name: classPage("roster", { count: 4 }) })).toBeVisible();
    const frejaBooked = rosterOf(page).getByRole("listitem").filter({ hasText: FREJA.name });
    await expect(frejaBooked).toContainText(classPage("notCheckedIn"));
    await expect(frejaBooked).not.toContainText(
      held.markup("heldFor", { attendee: FREJA.name, time: "", person: (name) => name }).split(" til kl.")[0]!,
    );
    await expect(rosterOf(page).getByRole("listitem").filter({ hasText: IDA })).toContainText(heldText(until));
    await expect(
      page.getByText(fill("bookedAndHeld", { booked: 3, held: 1, taken: 4, capacity: 4, percent: 100 })),
    ).toBeVisible();
    await expect(page.getByText(classPage("nobodyWaiting"))).toBeVisible();
    await saveScreenshot(page, "da-desktop-desk-promote-held-4-booked");
    await page.screenshot({ path: "/tmp/h-held-desktop-roster-after.png", fullPage: true });

    const email = await waitForEmail({
      to: FREJA.email,
      subject: new RegExp(`^Du har fået en plads: ${literal(CLASS)}`),
      since,
    });
    expect(email.locale).toBe("da");
  });
});

/** The same roster on a phone: nothing wider than the screen. */
async function phoneRoster(browser: Browser, instanceId: string) {
  const context = await browser.newContext({ ...PHONE, baseURL: E2E_URL });
  await context.addCookies([{ name: "studio_locale", value: language, url: E2E_URL }]);
  try {
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto(`/dashboard/classes/${instanceId}`);
    await expect(rosterOf(page).getByRole("listitem").filter({ hasText: IDA })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await page.screenshot({ path: "/tmp/h-held-phone-roster.png", fullPage: true });
  } finally {
    await context.close();
  }
}
