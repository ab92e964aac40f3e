import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DESKTOP, PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { LANGUAGES, literal, wordsOf } from "./support/words";

// The front desk: an administrator finds a person by part of their name, opens their page, grants
// them a pass at a chosen price and books them into a class next week (never today's: the journey
// does not depend on the time of day). Freja (born 2004) may have the pass's youth price.
const FREJA = { name: "Freja Nielsen", typed: "fre" };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The ids of next week's scheduled demo classes with room (between 6 and 13 days from now). */
async function nextWeeksClasses(): Promise<string[]> {
  return (await nextWeeksInstances()).map((instance) => instance.id);
}

async function nextWeeksInstances(): Promise<{ id: string; startsAt: string }[]> {
  const api = await request.newContext({ baseURL: E2E_URL });
  try {
    const from = new Date(Date.now() + 6 * DAY_MS).toISOString();
    const to = new Date(Date.now() + 13 * DAY_MS).toISOString();
    const response = await api.get(`/api/public/accounts/demo/events?${new URLSearchParams({ from, to })}`);
    expect(response.status()).toBe(200);
    const { instances } = (await response.json()) as {
      instances: { id: string; eventId: string; startsAt: string; status: string; spotsLeft: number }[];
    };
    // A course's classes are booked through its enrolment: the desk sells no drop-in for them.
    const products = await api.get("/api/public/accounts/demo/products");
    expect(products.status()).toBe(200);
    const courses = new Set(
      ((await products.json()) as { courseEventId?: string | null }[]).map((product) => product.courseEventId),
    );
    return instances.filter((i) => i.status === "scheduled" && i.spotsLeft > 0 && !courses.has(i.eventId));
  } finally {
    await api.dispose();
  }
}

for (const language of LANGUAGES) {
  test.describe(`on a desktop, in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...DESKTOP });

    test("the desk finds a person, grants a pass at the youth price and books them into a class next week", async ({
      page,
    }) => {
      const demo = wordsOf(language, "DemoPanel");
      const home = wordsOf(language, "DashboardHome");
      const people = wordsOf(language, "PeoplePage");
      const person = wordsOf(language, "PersonPage");
      const statuses = wordsOf(language, "Statuses");
      const done = wordsOf(language, "UsersActions");
      const shot = (name: string) => saveScreenshot(page, `${language}-desktop-desk-${name}`);
      const nextWeek = await nextWeeksClasses();
      expect(nextWeek.length, "the demo studio has classes next week").toBeGreaterThan(0);

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();

      // Find: part of the name, through the search form (a plain GET: ?q=).
      await page.goto("/dashboard/users");
      await expect(page.getByRole("heading", { level: 1, name: people("title") })).toBeVisible();
      await page.getByLabel(people("search")).fill(FREJA.typed);
      await page.getByRole("button", { name: people("searchButton") }).click();
      await expect(page).toHaveURL(new RegExp(`q=${FREJA.typed}`));
      await expect(
        page.getByRole("heading", { level: 2, name: people("resultsFor", { q: FREJA.typed }) }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: /\.csv|CSV/ }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot("people");
      await page.getByRole("link", { name: FREJA.name }).click();
      await expect(page.getByRole("heading", { level: 1, name: FREJA.name })).toBeVisible();
      await expect(page.getByText("2004", { exact: false }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Grant: the 10-class pass at its youth price (the second price of the demo's 10-klippekort).
      const offer = page.getByLabel(person("priceLabel"));
      const youth = offer.locator("option", { hasText: "(" }).first();
      const youthLabel = (await youth.textContent())!;
      await offer.selectOption({ label: youthLabel });
      const grant = page.locator("form").filter({ has: page.getByRole("button", { name: person("grantPass") }) });
      await grant.getByRole("button", { name: person("grantPass") }).click();
      await expect(grant.getByText(done("passGranted"))).toBeVisible();
      const passes = page.getByRole("table", { name: person("passesHeading") });
      await expect(
        passes
          .getByRole("row")
          .filter({ hasText: youthLabel.split(" · ")[0]! })
          .first(),
      ).toBeVisible();

      // Book: a class next week, chosen among the picker's options.
      const picker = page.getByLabel(person("classLabel"), { exact: true });
      const offered = await picker
        .locator("option")
        .evaluateAll((options) =>
          options.map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent ?? "" })),
        );
      const chosen = offered.find((option) => nextWeek.includes(option.value));
      expect(chosen, "a class next week is offered").toBeDefined();
      await picker.selectOption(chosen!.value);
      const book = page
        .locator("form")
        .filter({ has: page.getByRole("button", { name: person("book"), exact: true }) });
      await book.getByRole("button", { name: person("book"), exact: true }).click();
      await expect(book.getByText(done("booked"))).toBeVisible();
      const title = chosen!.label.split(" · ").slice(1).join(" · ");
      const upcoming = page.getByRole("table", { name: person("upcomingHeading") });
      await expect(
        upcoming
          .getByRole("row")
          .filter({ hasText: new RegExp(literal(title)) })
          .first(),
      ).toBeVisible();
      await expect(upcoming.getByText(statuses("bookingConfirmed")).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot("person");
    });

    test("the desk gives a class next week a substitute, adds a walk-in to it and adds a one-off class", async ({
      page,
    }) => {
      test.slow(); // three pages and seven actions
      const demo = wordsOf(language, "DemoPanel");
      const home = wordsOf(language, "DashboardHome");
      const calendar = wordsOf(language, "Calendar");
      const panelWords = wordsOf(language, "CalendarPanel");
      const done = wordsOf(language, "CalendarActions");
      const roster = wordsOf(language, "RosterPage");
      const walkInWords = wordsOf(language, "WalkInActions");
      const shot = (name: string) => saveScreenshot(page, `${language}-desktop-desk-${name}`);
      // Each language its own class and walk-in, so that the two journeys never meet in one roster.
      const nextWeek = await nextWeeksInstances();
      expect(nextWeek.length, "the demo studio has two classes next week").toBeGreaterThan(1);
      const { id: instanceId, startsAt } = nextWeek[language === "da" ? nextWeek.length - 1 : nextWeek.length - 2]!;
      // Any day of a week opens that week: the class's own day in the studio's zone.
      const calendarUrl = `/dashboard/calendar?week=${new Date(startsAt).toLocaleDateString("en-CA", { timeZone: "Europe/Copenhagen" })}`;
      const walkIn = language === "da" ? "Anna Larsen" : "Sofie Pedersen";

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await page.goto(calendarUrl);
      const block = page.getByRole("main").locator(`a[href*="class=${instanceId}"]`);
      await expect(block).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot("calendar");

      // A substitute: the teacher who does not teach it now, for this class only.
      await block.click();
      const panel = page.getByRole("complementary");
      const title = (await panel.getByRole("heading", { level: 2 }).textContent())!;
      const teachers = panel.getByRole("group", { name: panelWords("teachers") });
      const substitute = (await teachers.getByRole("checkbox", { name: "Jonas Berg" }).isChecked())
        ? "Clara Holt"
        : "Jonas Berg";
      for (const box of await teachers.getByRole("checkbox", { checked: true }).all()) await box.uncheck();
      await teachers.getByRole("checkbox", { name: substitute }).check();
      await panel.getByRole("button", { name: panelWords("saveTeachers") }).click();
      await expect(panel.getByText(done("teachersSaved"))).toBeVisible();
      await expect(panel.getByText(calendar("substituteTeaches", { names: substitute }))).toBeVisible();
      await expect(block).toContainText(substitute);
      await expectNoSeriousA11yViolations(page);
      await shot("substitute");

      // A walk-in, from the panel's roster: found by name, sold a drop-in at the desk.
      await panel.getByRole("link", { name: calendar("openRoster") }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await page.getByRole("searchbox", { name: roster("findPerson") }).fill(walkIn.split(" ")[0]!);
      await page.getByRole("button", { name: roster("search") }).click();
      const found = page
        .getByRole("list", { name: roster("results") })
        .getByRole("listitem")
        .filter({ hasText: walkIn });
      await found.getByRole("button", { name: walkInWords("sellDropIn") }).click();
      await expect(found.getByText(roster("alreadyBooked"))).toBeVisible();
      await page.reload();
      await expect(
        page.locator("section[aria-labelledby='roster-heading'] li").filter({ hasText: walkIn }),
      ).toHaveCount(1);

      // A one-off class, from the "add a class" link of that week's Sunday.
      await page.goto(calendarUrl);
      const addOn = calendar("addOn", { day: "DAY" }).split("DAY").map(literal).join(".+");
      await page
        .getByRole("link", { name: new RegExp(`^${addOn}$`) })
        .last()
        .click();
      const newPanel = page.getByRole("complementary", { name: calendar("newClass") });
      await expect(newPanel.getByRole("heading", { name: calendar("newClass") })).toBeFocused();
      const eventSelect = newPanel.getByLabel(panelWords("whichClass"));
      const eventTitle = (await eventSelect.locator("option").nth(1).textContent())!;
      await eventSelect.selectOption({ index: 1 });
      await newPanel.getByRole("button", { name: panelWords("addClass") }).click();
      const created = page.getByRole("complementary", { name: eventTitle });
      await expect(created.getByRole("heading", { level: 2, name: eventTitle })).toBeVisible();
      await expect(page).toHaveURL(/class=/);
      await expectNoSeriousA11yViolations(page);
      await shot("one-off");
    });
  });
}

test.describe("on a phone, in Danish", () => {
  test.use({ language: "da", ...PHONE });

  test("the people table stacks into rows and a person's page reads top to bottom", async ({ page }) => {
    const demo = wordsOf("da", "DemoPanel");
    const home = wordsOf("da", "DashboardHome");
    const people = wordsOf("da", "PeoplePage");
    await page.goto("/");
    await page.getByRole("button", { name: demo("tryAdmin") }).click();
    await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1, name: people("title") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-desk-people");
    await page.getByRole("link", { name: "Ida Holm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ida Holm" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-desk-person");
  });

  test("the calendar shows one day at a time, and the strip of days changes it", async ({ page }) => {
    const demo = wordsOf("da", "DemoPanel");
    const home = wordsOf("da", "DashboardHome");
    const calendar = wordsOf("da", "Calendar");
    await page.goto("/");
    await page.getByRole("button", { name: demo("tryAdmin") }).click();
    await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
    // A fixed week (its Monday and Tuesday), whatever today is.
    await page.goto("/dashboard/calendar?week=2026-12-07&day=2026-12-07");
    const days = page.getByRole("navigation", { name: calendar("days") }).getByRole("link");
    await expect(days).toHaveCount(7);
    await expect(page.getByRole("heading", { level: 2, name: /7\. december/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /8\. december/ })).toBeHidden();
    await days.nth(1).click();
    await expect(page.getByRole("heading", { level: 2, name: /8\. december/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /7\. december/ })).toBeHidden();
    await expect(days.nth(1)).toHaveAttribute("aria-current", "date");
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-desk-calendar");
  });
});
