import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoClassForTeacher } from "./support/demo-api";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, wordsOf } from "./support/words";

for (const language of LANGUAGES) {
  test.describe(`on a phone, in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...PHONE });

    test("a teacher signs in, opens today's class from their home and checks someone in at the door", async ({
      page,
    }) => {
      const demo = wordsOf(language, "DemoPanel");
      const nav = wordsOf(language, "DashboardNav");
      const home = wordsOf(language, "TeacherHome");
      const buttons = wordsOf(language, "AttendanceButtons");
      const roster = wordsOf(language, "RosterPage");
      const walkInWords = wordsOf(language, "WalkInActions");
      const shot = (name: string) => saveScreenshot(page, `${language}-phone-teacher-${name}`);

      // Arrange (API, as the administrator): a class starting in ten minutes, so that check-in is
      // open whatever the time of day, taught by the demo teacher, with one attendee booked in.
      const title = `Door check-in ${randomUUID().slice(0, 6)}`;
      const { instanceId, attendee, walkIn } = await demoClassForTeacher(title, 10);

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryTeacher") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // A teacher's menu holds only their classes, and the way to the studio's public page.
      const menu = page.getByRole("navigation", { name: nav("label") });
      await expect(menu.getByRole("link")).toHaveCount(2);
      await expect(menu.getByRole("link", { name: nav("myClasses") })).toBeVisible();
      await expect(menu.getByRole("link", { name: nav("publicPage") })).toHaveAttribute("href", "/demo");
      const card = page.getByRole("link", { name: new RegExp(title) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(home("checkInOpen"));
      await expectNoSeriousA11yViolations(page);
      await shot("home");

      // Another dashboard page sends a teacher back home.
      await page.goto("/dashboard/products");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();

      await page.getByRole("link", { name: new RegExp(title) }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/classes/${instanceId}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const row = page.getByRole("group", { name: buttons("attendanceOf", { attendee }) });
      const attended = row.getByRole("button", { name: buttons("attended") });
      const box = await attended.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await expect(attended).toHaveAttribute("aria-pressed", "false");
      await expectNoSeriousA11yViolations(page);
      await shot("roster");
      await attended.click();
      await expect(attended).toHaveAttribute("aria-pressed", "true");
      await page.reload();
      await expect(
        page
          .getByRole("group", { name: buttons("attendanceOf", { attendee }) })
          .getByRole("button", { name: buttons("attended") }),
      ).toHaveAttribute("aria-pressed", "true");
      await shot("checked-in");

      // A walk-in at the door: found by the first letters of their name, booked with their pass.
      await page.getByRole("searchbox", { name: roster("findPerson") }).fill(walkIn.split(" ")[0]!);
      await page.getByRole("button", { name: roster("search") }).click();
      const found = page
        .getByRole("list", { name: roster("results") })
        .getByRole("listitem")
        .filter({ hasText: walkIn });
      await found.getByRole("button", { name: walkInWords("bookWithPass") }).click();
      await expect(found.getByText(roster("alreadyBooked"))).toBeVisible();
      await page.reload();
      await expect(page.getByRole("group", { name: buttons("attendanceOf", { attendee: walkIn }) })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot("walk-in");
    });
  });
}
