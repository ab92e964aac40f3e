import { request, type Browser } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoApi, demoAttendeeApi } from "./support/demo-api";
import { PHONE } from "./support/devices";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// Issue 33 §3 (decision 0039): in Danish on a phone, a member claims a place offered from the waitlist
// from the email's link. The demo studio offers a freed place to the first in line (`waitlistMode:
// offer`): a Tuesday's Måttepilates a few days ahead is full, a place held for Ida Holm, Freja Nielsen
// waiting behind her. Mads Jensen cancels his place; it is offered to Freja, who is emailed, follows
// the link, signs in with a login link as any member would, and takes the place.

const CLASS = "Måttepilates";
const FREJA = "freja.nielsen@demo.studio-booking.test";
const language = "da";

type MyBooking = { booking: { id: string; status: string; instanceId: string }; event: { title: string } };

test.describe("a member on a phone, in Danish", () => {
  test.use({ language, ...PHONE });

  test.beforeAll(async () => {
    const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
    expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
    await api.dispose();
    // the journey runs at any hour: the studio's quiet hours would hold the offer's email until morning
    const admin = await demoApi("administrator");
    const policy = await admin.patch("/api/account", { data: { bookingPolicy: { quietHours: null } } });
    expect(policy.status(), await policy.text()).toBe(200);
    await admin.dispose();
  });

  test("is offered a freed place by email, follows its link and takes the place", async ({ page, browser }) => {
    const me = wordsOf(language, "MyBookings");
    const signIn = wordsOf(language, "SignInForm");
    const verify = wordsOf(language, "VerifySignIn");
    const controls = wordsOf(language, "BookingControls");
    const result = wordsOf(language, "BookingResult");
    const since = new Date();

    // Mads cancels his place in the full class (days ahead: free of charge), through the API.
    const mads = await demoAttendeeApi("Mads Jensen");
    const madsBookings = (await (
      await mads.get(`/api/me/bookings?from=${encodeURIComponent(since.toISOString())}`)
    ).json()) as MyBooking[];
    const place = madsBookings.find((entry) => entry.event.title === CLASS && entry.booking.status === "confirmed");
    expect(place, "Mads is booked into the demo's waitlist class").toBeDefined();
    const cancelled = await mads.delete(`/api/bookings/${place!.booking.id}`, { headers: { origin: E2E_URL } });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await mads.dispose();

    // The place is offered to Freja (Ida's place is held already): the email says until when, in Danish.
    const offer = await waitForEmail({
      to: FREJA,
      subject: new RegExp(`^Din plads er holdt til [a-zæøå]+dag kl\\. \\d{2}\\.\\d{2}: ${CLASS}$`),
      since,
    });
    expect(offer.locale).toBe("da");
    // "torsdag kl. 15.55" in the email (with its weekday), "15.55" on the member's page of today
    const held = /holdt til ([a-zæøå]+dag kl\. (\d{2}\.\d{2}))/.exec(offer.subject)!;
    const [heldOn, heldUntil] = [held[1]!, held[2]!];
    expect(offer.text).toContain(`Vi holder den til dig til ${heldOn}.`);
    expect(offer.text).toContain("Tag pladsen");
    const link = /https?:\/\/[^\s"<>\])]+\/demo\/me\b[^\s"<>\])]*/.exec(offer.text);
    expect(link, offer.text).not.toBeNull();

    // Its link leads to her page, which asks her to sign in first.
    const linked = new URL(link![0]);
    await page.goto(`${linked.pathname}${linked.search}`);
    await expect(page.getByRole("heading", { level: 1, name: me("title") })).toBeVisible();
    await page
      .getByRole("main")
      .getByRole("link", { name: me("signIn") })
      .click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    await page.getByRole("textbox", { name: signIn("email") }).fill(FREJA);
    await page.getByRole("button", { name: signIn("submit") }).click();
    await expect(page.getByRole("main").getByRole("status")).toBeVisible();
    const login = await waitForEmail({ to: FREJA, subject: /Demo Studio/, since: new Date(Date.now() - 60_000) });
    await page.goto(signInPath(login));
    await page.getByRole("button", { name: verify("signIn") }).click();
    await expect(page).toHaveURL(/\/demo\/me$/);

    // The offer on her page: held until the time the email said, and "Tag pladsen".
    const upcoming = page.getByRole("region", { name: me("upcoming") });
    // The held one of her classes of that name (today's may be on the list too, once it has begun), kept by its place in the list.
    const classItems = upcoming.getByRole("listitem").filter({ hasText: CLASS });
    await expect(classItems.filter({ hasText: controls("placeHeld") })).toHaveCount(1);
    const heldIndex = (await classItems.allInnerTexts()).findIndex((text) => text.includes(controls("placeHeld")));
    const offered = classItems.nth(heldIndex);
    await expect(offered).toContainText(me("offerHeld", { time: heldUntil }));
    await expect(offered).toContainText(controls("placeHeld"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-waitlist-offer-1-my-page");

    // Taken: the class is booked, the offer gone; the confirmation follows by email.
    await offered.getByRole("button", { name: me("claimOffer") }).click();
    await expect(offered.getByRole("button", { name: me("claimOffer") })).toHaveCount(0);
    await expect(page.getByText(result("claimed"))).toBeVisible();
    await expect(offered).toContainText(controls("booked"));
    await expect(offered).not.toContainText(me("offerHeld", { time: heldUntil }));
    await expect(
      offered.getByRole("button", { name: new RegExp(`^${literal(controls("cancelBooking"))}`) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-waitlist-offer-2-claimed");
    await waitForEmail({ to: FREJA, subject: new RegExp(`^Booking bekræftet: ${CLASS}`), since });

    await englishPageWithOffer(browser);
  });
});

/** Ida's page in English (the demo holds her a place too), signed in as the demo attendee persona. */
async function englishPageWithOffer(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: E2E_URL });
  await context.addCookies([{ name: "studio_locale", value: "en", url: E2E_URL }]);
  try {
    const page = await context.newPage();
    const demo = wordsOf("en", "DemoPanel");
    const me = wordsOf("en", "MyBookings");
    await page.goto("/");
    await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Ida Holm" });
    await page.getByRole("button", { name: demo("tryAttendee") }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await page.goto("/demo/me");
    const offered = page
      .getByRole("region", { name: me("upcoming") })
      .getByRole("listitem")
      .filter({ hasText: CLASS });
    await expect(offered.getByRole("button", { name: me("claimOffer") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "en-phone-waitlist-offer-my-page");

    // The class's own page says the place is held for her (not "on the waitlist") and leads to taking it.
    const mine = (await (
      await page.request.get(`/api/me/bookings?from=${encodeURIComponent(new Date().toISOString())}`)
    ).json()) as MyBooking[];
    const held = mine.find((entry) => entry.event.title === CLASS && entry.booking.status === "waitlisted");
    expect(held, "Ida's held place").toBeDefined();
    await page.goto(`/demo/classes/${held!.booking.instanceId}`);
    await expect(page.getByRole("main")).toContainText(wordsOf("en", "BookingControls")("placeHeld"));
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(`^${literal(wordsOf("en", "Schedule")("claimHeldPlace"))}`) })
      .click();
    await expect(page).toHaveURL(/\/demo\/me$/);
  } finally {
    await context.close();
  }
}
