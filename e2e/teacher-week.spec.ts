import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoApi, demoClassForTeacher } from "./support/demo-api";
import { mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { wordsOf } from "./support/words";

// Issue 30 §3: a teacher on a phone, in Danish, looks at next week and opens a class's roster from
// there, then at today's class adds someone who is not yet a member at the door, sells them a
// drop-in in the same step, and finds them booked and checked in.

/** A one-off class of the demo teacher on Wednesday next week at 10:00 (studio time); its title. */
async function classNextWeek(title: string): Promise<void> {
  const teacher = await demoApi("teacher");
  const admin = await demoApi("administrator");
  try {
    const me = (await (await teacher.get("/api/me")).json()) as { id?: string; user?: { id: string } };
    const startsAt = mondayOf(1).plus({ days: 2, hours: 10 }).toUTC().toISO();
    const event = await admin.post("/api/events", {
      data: { title, teacherIds: [me.user?.id ?? me.id!], durationMinutes: 60, capacity: 12, startsAt },
    });
    expect(event.status(), await event.text()).toBe(201);
  } finally {
    await teacher.dispose();
    await admin.dispose();
  }
}

test.describe("on a phone, in Danish", () => {
  test.use({ language: "da", ...PHONE });

  test("a teacher moves to next week, opens a roster there, and books and checks in a new walk-in", async ({
    page,
  }) => {
    const demo = wordsOf("da", "DemoPanel");
    const home = wordsOf("da", "TeacherHome");
    const roster = wordsOf("da", "RosterPage");
    const walkInWords = wordsOf("da", "WalkInActions");
    const buttons = wordsOf("da", "AttendanceButtons");
    const shot = (name: string) => saveScreenshot(page, `da-phone-teacher-week-${name}`);
    const suffix = randomUUID().slice(0, 6);
    const today = `Dørhold ${suffix}`;
    const nextWeek = `Næste uges hold ${suffix}`;
    await demoClassForTeacher(today, 10);
    await classNextWeek(nextWeek);

    await page.goto("/");
    await page.getByRole("button", { name: demo("tryTeacher") }).click();
    await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
    const weeks = page.getByRole("navigation", { name: home("weeks") });
    await expect(weeks.getByRole("link", { name: home("thisWeek") })).toHaveAttribute("aria-current", "page");

    // Next week: its classes by day, the roster a tap away.
    await weeks.getByRole("link", { name: home("nextWeek") }).click();
    await expect(page).toHaveURL(/\/dashboard\?week=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("heading", { level: 2, name: /^Ugen / })).toBeVisible();
    const card = page.getByRole("link", { name: new RegExp(nextWeek) });
    await expect(card).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot("next-week");
    await card.click();
    await expect(page.getByRole("heading", { level: 1, name: nextWeek })).toBeVisible();
    await shot("next-week-roster");

    // Back home, on this week: today's class, where someone new stands at the door.
    await page.getByRole("link", { name: roster("backToMyClasses") }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("link", { name: new RegExp(today) }).click();
    await expect(page.getByRole("heading", { level: 1, name: today })).toBeVisible();
    const newcomer = `Peter Ny ${suffix}`;
    await page.getByRole("searchbox", { name: roster("findPerson") }).fill(newcomer);
    await page.getByRole("button", { name: roster("search") }).click();
    await expect(page.getByText(roster("nobodyFound", { query: newcomer }))).toBeVisible();
    const form = page.getByRole("heading", { name: roster("newPerson") });
    await expect(form).toBeVisible();
    await page.getByLabel(walkInWords("newName")).fill(newcomer);
    await expect(page.getByLabel(walkInWords("newDropIn"))).toHaveValue(/.+/);
    await shot("new-walk-in");
    await page.getByRole("button", { name: walkInWords("addSellAndBook") }).click();
    await expect(page.getByText(walkInWords("bookedAndCheckedIn"))).toBeVisible();
    // Cleared: a second tap cannot add them twice.
    await expect(page.getByLabel(walkInWords("newName"))).toHaveValue("");
    const attendance = page.getByRole("group", { name: buttons("attendanceOf", { attendee: newcomer }) });
    await expect(attendance.getByRole("button", { name: buttons("attended") })).toHaveAttribute("aria-pressed", "true");
    await expectNoSeriousA11yViolations(page);
    await shot("checked-in");
  });
});
