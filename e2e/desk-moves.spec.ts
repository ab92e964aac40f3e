import fs from "node:fs/promises";
import path from "node:path";
import { DateTime } from "luxon";
import { expect, test } from "./support/test";
import { demoApi, ensureDemoPass } from "./support/demo-api";
import { mondayOf } from "./support/demo-week";
import { DESKTOP } from "./support/devices";
import { waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_OUTBOX_DIR } from "./support/server";
import { wordsOf } from "./support/words";

// The desk moves a booked class next week (issue 30): it is told first how many people will be
// emailed, the attendees get the new time with an .ics that updates their calendar event, and a
// raised capacity fills the waitlist (in a studio that promotes automatically); a full class's "Ryk op"
// offers an extra place first. In Danish, on a desktop.
const ZONE = "Europe/Copenhagen";
const TITLE = "Flyttehold (e2e)";

type Person = { id: string; displayName: string; email: string };

/**
 * A one-off class next Wednesday 10:00, capacity 1: one demo attendee booked, two on the waitlist.
 * The studio promotes from its waitlist automatically (`waitlistMode: auto`; the demo studio offers
 * a freed place instead, e2e/waitlist-offer.spec.ts).
 */
async function bookedClassNextWeek(): Promise<{ instanceId: string; startsAt: DateTime; people: Person[] }> {
  const admin = await demoApi("administrator");
  try {
    const auto = await admin.patch("/api/account", { data: { bookingPolicy: { waitlistMode: "auto" } } });
    expect(auto.status(), await auto.text()).toBe(200);
    const startsAt = mondayOf(1).plus({ days: 2 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const event = await admin.post("/api/events", {
      data: { title: TITLE, location: "Sal 1", durationMinutes: 60, capacity: 1, startsAt: startsAt.toUTC().toISO() },
    });
    expect(event.status(), await event.text()).toBe(201);
    const { id: eventId } = (await event.json()) as { id: string };
    const window = `from=${encodeURIComponent(startsAt.minus({ minutes: 1 }).toUTC().toISO()!)}&to=${encodeURIComponent(startsAt.plus({ minutes: 1 }).toUTC().toISO()!)}`;
    const instances = (await (await admin.get(`/api/instances?${window}`)).json()) as { id: string; eventId: string }[];
    const instanceId = instances.find((instance) => instance.eventId === eventId)!.id;

    const demoPeople = (await (await admin.get("/api/demo-auth/users")).json()) as {
      id: string;
      displayName: string;
    }[];
    const { productId, priceId } = await ensureDemoPass();
    const people: Person[] = [];
    for (const someone of demoPeople.slice(0, 3)) {
      const granted = await admin.post(`/api/users/${someone.id}/entitlements`, { data: { productId, priceId } });
      expect(granted.status(), await granted.text()).toBe(201);
      const booked = await admin.post("/api/bookings", {
        data: { instanceId, attendeeId: someone.id, waitlist: true },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const found = (await (await admin.get(`/api/users?q=${encodeURIComponent(someone.displayName)}`)).json()) as
        { id: string; email: string }[] | { items: { id: string; email: string }[] };
      const user = (Array.isArray(found) ? found : found.items).find((candidate) => candidate.id === someone.id)!;
      people.push({ ...someone, email: user.email });
    }
    return { instanceId, startsAt, people };
  } finally {
    await admin.dispose();
  }
}

/** The calendar file attached to the latest email to `to` whose subject matches (the outbox keeps attachments). */
async function calendarFileOf(to: string, subject: RegExp): Promise<string> {
  const files = await fs.readdir(E2E_OUTBOX_DIR);
  const emails = await Promise.all(
    files
      .filter((file) => file.endsWith(".json"))
      .map(async (file) => JSON.parse(await fs.readFile(path.join(E2E_OUTBOX_DIR, file), "utf8"))),
  );
  const email = emails
    .filter((candidate) => candidate.to === to && subject.test(candidate.subject))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .at(-1) as { attachments?: { filename: string; content: string }[] };
  return (email.attachments ?? []).find((file) => file.filename.endsWith(".ics"))?.content.replace(/\r\n /g, "") ?? "";
}

test.describe("the desk on a desktop, in Danish", () => {
  test.use({ language: "da", ...DESKTOP });

  test("moves a booked class with a confirmation, the attendees get the new time, and the waitlist fills", async ({
    page,
  }) => {
    const demo = wordsOf("da", "DemoPanel");
    const calendar = wordsOf("da", "Calendar");
    const actions = wordsOf("da", "InstanceActions");
    const done = wordsOf("da", "CalendarActions");
    const classPage = wordsOf("da", "ClassPage");
    const promote = wordsOf("da", "PromoteForm");
    const shot = (name: string) => saveScreenshot(page, `da-desktop-desk-moves-${name}`);
    const { instanceId, startsAt, people } = await bookedClassNextWeek();
    const [booked, firstWaiting] = people;

    await page.goto("/");
    await page.getByRole("button", { name: demo("tryAdmin") }).click();
    await page.waitForURL(/\/dashboard/);

    const week = startsAt.setZone(ZONE).startOf("week").toISODate()!;
    await page.goto(`/dashboard/calendar?week=${week}&day=${startsAt.toISODate()}&class=${instanceId}`);
    await expect(page.getByRole("heading", { name: TITLE }).first()).toBeVisible();
    await shot("panel");

    // Move to Thursday 11:00: the desk is told that three people will be emailed, and confirms.
    const newStart = startsAt.plus({ days: 1, hours: 1 });
    await page
      .getByLabel(actions("newStart", { zone: "" }).replace(/\s*\(\)$/, ""), { exact: false })
      .fill(newStart.toFormat("yyyy-MM-dd'T'HH:mm"));
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      }),
    );
    await page.getByRole("button", { name: actions("move"), exact: true }).click();
    expect(await asked).toBe(actions("confirmMove", { count: 3 }));
    await expect(page.getByText(done("moved"))).toBeVisible();

    const movedEmail = await waitForEmail({ to: booked!.email, subject: /^Holdet er flyttet: Flyttehold \(e2e\)/ });
    expect(movedEmail.text).toContain("Sal 1");
    const ics = await calendarFileOf(booked!.email, /^Holdet er flyttet/);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain(`DTSTART:${newStart.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
    const confirmation = await calendarFileOf(booked!.email, /^Booking bekræftet/);
    const uid = /UID:(\S+)/.exec(ics)![1];
    expect(confirmation).toContain(`UID:${uid}`);

    // The roster: one booked, two waiting; "Ryk op" on a full class offers an extra place first (not taken here).
    await page.goto(`/dashboard/classes/${instanceId}`);
    await expect(page.getByRole("heading", { name: classPage("waitlist", { count: 2 }) })).toBeVisible();
    const waiting = page.getByRole("listitem").filter({ hasText: firstWaiting!.displayName });
    await waiting.locator("summary", { hasText: promote("moveUp") }).click();
    await expect(waiting.getByRole("button", { name: promote("moveUpWithExtraPlace") })).toBeVisible();
    await shot("roster-full");

    // Raise the capacity to 2 in the panel: the first on the waitlist is moved up and emailed.
    await page.goto(
      `/dashboard/calendar?week=${newStart.startOf("week").toISODate()}&day=${newStart.toISODate()}&class=${instanceId}`,
    );
    await page.getByLabel(calendar("capacity")).fill("2");
    await page.getByRole("button", { name: calendar("saveCapacity") }).click();
    const fill = wordsOf("da", "FillBar");
    await expect(page.getByText(fill("booked", { booked: 2, capacity: 2, percent: 100 })).first()).toBeVisible();
    await waitForEmail({ to: firstWaiting!.email, subject: /^Du har fået en plads: Flyttehold \(e2e\)/ });

    // Lowering it to 0 asks first: the two booked keep their places, nobody new can book.
    await page.getByLabel(calendar("capacity")).fill("0");
    const lowered = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      }),
    );
    await page.getByRole("button", { name: calendar("saveCapacity") }).click();
    expect(await lowered).toBe(actions("confirmCapacity", { booked: 2, capacity: 0 }));
    await expect(page.getByText(fill("closed", { booked: 2 })).first()).toBeVisible();
    await shot("panel-closed");

    await page.goto(`/dashboard/classes/${instanceId}`);
    await expect(page.getByRole("heading", { name: classPage("waitlist", { count: 1 }) })).toBeVisible();
    await expect(page.getByText(fill("closed", { booked: 2 })).first()).toBeVisible();
    await shot("roster");
  });
});
