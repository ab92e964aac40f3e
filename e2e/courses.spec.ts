// Courses (issue 32 §4), on a phone in Danish. The demo studio's six-week beginners' course has two
// seats left and takes trial classes. A member finds it among the passes, reads its page (every date,
// teacher, place, price, seats left), enrols (signing in with the emailed link first, then the order
// summary and pay) and finds every class of the course under "Kommende" in Mine bookinger. A curious
// newcomer tries one class: "Book en prøvetime" leads to the course's next class, where they create a
// profile, buy a drop-in and book it. First, the course's page is photographed on a desktop.
import { randomUUID } from "node:crypto";
import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { dayHeading, dkkPattern, mondayOf } from "./support/demo-week";
import { DESKTOP, PHONE } from "./support/devices";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

const language = "da";
test.use({ language, ...PHONE });

/** The demo fixture's course (lib/demo/demo-fixture.ts): its product and event share the name. */
const COURSE = {
  name: "Yoga for begyndere – 6 uger",
  classes: 6,
  amount: 90_000,
  teacher: "Clara Holt",
  instalments: 3,
};
const MEMBER = { name: "Anna Larsen", email: "anna.larsen@demo.studio-booking.test" };

test.beforeAll(async () => {
  // From the seeded studio: six enrolled, two seats left; Anna holds nothing.
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
});

const fitsThePhone = async (page: import("@playwright/test").Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);

test.describe("on a desktop", () => {
  test.use({ ...DESKTOP, isMobile: false, hasTouch: false });

  test("the schedule marks the course's classes, its page shows the dates beside the enrolment box, and the dashboard its enrolled", async ({
    page,
  }) => {
    const passes = wordsOf(language, "Passes");
    const course = wordsOf(language, "PublicCourse");
    const schedule = wordsOf(language, "Schedule");
    const demo = wordsOf(language, "DemoPanel");
    const home = wordsOf(language, "DashboardHome");
    const products = wordsOf(language, "ProductsPage");
    const productForm = wordsOf(language, "ProductForm");
    const events = wordsOf(language, "EventsPage");
    const eventForm = wordsOf(language, "EventForm");

    // Next week's Tuesday: the course's first class, marked as part of a course.
    await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
    const tuesday = page
      .getByRole("main")
      .getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 1 }), language) });
    await expect(tuesday.getByRole("listitem").filter({ hasText: COURSE.name })).toContainText(
      schedule("partOfCourse"),
    );
    await saveScreenshot(page, `${language}-desktop-course-schedule`);

    await page.goto("/demo/passes");
    await page
      .getByRole("region", { name: passes("coursesTitle") })
      .getByRole("link", { name: new RegExp(`^${literal(passes("seeCourse"))}`) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: COURSE.name })).toBeVisible();
    await expect(page.getByRole("region", { name: course("dates") }).getByRole("listitem")).toHaveCount(COURSE.classes);
    await expect(page.getByRole("complementary", { name: course("enrolment") })).toContainText(
      dkkPattern(COURSE.amount),
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `${language}-desktop-course-page`);

    // The dashboard: the course's enrolled of places, its event chosen on the product, drop-ins on the event.
    await page.goto("/");
    await page.getByRole("button", { name: demo("tryAdmin") }).click();
    await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
    await page.goto("/dashboard/products");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: COURSE.name }) });
    await expect(item).toContainText(products("enrolled", { enrolled: 6, seats: 8 }));
    await item.getByRole("link", { name: COURSE.name }).click();
    await expect(page.getByLabel(productForm("courseEvent"), { exact: true }).locator("option:checked")).toHaveText(
      COURSE.name,
    );
    await expect(page.getByLabel(productForm("enrolUntil"), { exact: true })).toHaveValue("");
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `${language}-desktop-course-product`);
    await page.goto("/dashboard/events");
    const edit = page.locator("details").filter({ hasText: events("edit", { title: COURSE.name }) });
    await edit.getByText(events("edit", { title: COURSE.name })).click();
    await expect(edit.getByRole("checkbox", { name: eventForm("dropInsAllowed") })).toBeChecked();
  });
});

test("a member enrols in the course from its page on a phone and finds every class in Mine bookinger", async ({
  page,
}) => {
  const passes = wordsOf(language, "Passes");
  const course = wordsOf(language, "PublicCourse");
  const schedule = wordsOf(language, "Schedule");
  const form = wordsOf(language, "SignInForm");
  const verify = wordsOf(language, "VerifySignIn");
  const summary = wordsOf(language, "OrderSummary");
  const buyButton = wordsOf(language, "BuyButton");
  const myBookings = wordsOf(language, "MyBookings");
  const shot = (name: string) => saveScreenshot(page, `${language}-phone-course-${name}`);

  // The passes page lists the course under "Forløb", with its seats left and a way to its page.
  await page.goto("/demo/passes");
  const courses = page.getByRole("region", { name: passes("coursesTitle") });
  const card = courses.getByRole("listitem").filter({ hasText: COURSE.name });
  await expect(card).toContainText(course("classes", { count: COURSE.classes }));
  await expect(card).toContainText(schedule("placesLeft", { count: 2 }));
  await expect(card).toContainText(dkkPattern(COURSE.amount));
  await card.getByRole("link", { name: new RegExp(`^${literal(passes("seeCourse"))}`) }).click();

  // The course's page: every date, the teacher, the place, the price, the seats left.
  await expect(page).toHaveURL(/\/demo\/courses\/[^/?#]+$/);
  const coursePath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: COURSE.name })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(COURSE.teacher);
  await expect(main).toContainText("Studio Vesterbro");
  await expect(main).toContainText(schedule("placesLeft", { count: 2 }));
  const dates = page.getByRole("region", { name: course("dates") }).getByRole("listitem");
  await expect(dates).toHaveCount(COURSE.classes);
  const enrolment = page.getByRole("complementary", { name: course("enrolment") });
  await expect(enrolment).toContainText(dkkPattern(COURSE.amount));
  await expect(enrolment).toContainText(course("signInFirst"));
  await expect(enrolment.getByRole("link", { name: course("tryOneClass") })).toBeVisible();
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await shot("1-page");

  // Enrol: signed out, the studio's sign-in page first; the emailed link leads on to the order summary.
  // paid in three monthly instalments: "3 × 300,00 kr. om måneden", 900 kr. in all
  await expect(enrolment).toContainText(
    course("wholeCourseInInstalments", { total: "", count: COURSE.instalments }).replace(/^\s+/, ""),
  );
  await enrolment
    .getByRole("link", {
      name: new RegExp(`^${literal(course("enrolLabel", { label: "" }))}.*${COURSE.instalments} ×`),
    })
    .click();
  await expect(page).toHaveURL(/\/sign-in\?account=demo&returnTo=/);
  const since = new Date();
  await page.getByRole("textbox", { name: form("email") }).fill(MEMBER.email);
  await page.getByRole("button", { name: form("submit") }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(form("sent"));
  const mail = await waitForEmail({ to: MEMBER.email, subject: /^Log ind på Demo Studio$/, since });
  await page.goto(signInPath(mail));
  await page.getByRole("button", { name: verify("signIn") }).click();

  // The order summary tells what enrolling gives, then pay (the demo provider: at once).
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  const order = page.getByRole("region", { name: COURSE.name });
  await expect(order).toContainText(summary("courseClasses", { count: COURSE.classes }));
  await expect(order).toContainText(/Første gang /);
  // the first of three instalments now, the rest monthly
  await expect(page.getByTestId("order-figures")).toContainText(
    summary("firstInstalment", { count: COURSE.instalments }),
  );
  await expect(page.getByTestId("order-figures")).toContainText(dkkPattern(COURSE.amount / COURSE.instalments));
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await shot("2-summary");
  await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();

  // Mine bookinger: enrolled, every class of the course under "Kommende".
  await expect(page).toHaveURL(/\/demo\/me\?enrolled=1&bought=1$/);
  await expect(page.getByRole("heading", { level: 1, name: myBookings("title") })).toBeVisible();
  await expect(page.getByText(myBookings("enrolled"))).toBeVisible();
  const upcoming = page.getByRole("region", { name: myBookings("upcoming") });
  await expect(upcoming.getByRole("listitem").filter({ hasText: COURSE.name })).toHaveCount(COURSE.classes);
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await shot("3-my-bookings");

  // Back on the course's page: enrolled, each date booked, one seat left for the next.
  await page.goto(coursePath);
  await expect(enrolment).toContainText(course("enrolled"));
  await expect(dates.filter({ hasText: course("booked") })).toHaveCount(COURSE.classes);
  await expect(main).toContainText(schedule("placesLeft", { count: 1 }));
  await expect(
    enrolment.getByRole("link", { name: new RegExp(`^${literal(course("enrolLabel", { label: "" }))}`) }),
  ).toHaveCount(0);
  await shot("4-enrolled");
});

test("a curious newcomer books a trial class of the course on a phone", async ({ page }) => {
  const course = wordsOf(language, "PublicCourse");
  const schedule = wordsOf(language, "Schedule");
  const publicClass = wordsOf(language, "PublicClass");
  const form = wordsOf(language, "SignInForm");
  const verify = wordsOf(language, "VerifySignIn");
  const passes = wordsOf(language, "Passes");
  const summary = wordsOf(language, "OrderSummary");
  const buyButton = wordsOf(language, "BuyButton");
  const controls = wordsOf(language, "BookingControls");
  const email = `nysgerrig-${randomUUID().slice(0, 8)}@example.com`;
  const shot = (name: string) => saveScreenshot(page, `${language}-phone-course-trial-${name}`);

  // From the course's page, "Book en prøvetime" opens the course's next class.
  await page.goto("/demo/passes");
  await page
    .getByRole("region", { name: passes("coursesTitle") })
    .getByRole("link", { name: new RegExp(`^${literal(passes("seeCourse"))}`) })
    .first()
    .click();
  await page
    .getByRole("complementary", { name: course("enrolment") })
    .getByRole("link", { name: course("tryOneClass") })
    .click();
  await expect(page).toHaveURL(/\/demo\/classes\/[^/?#]+$/);
  const classPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: COURSE.name })).toBeVisible();
  const booking = page.getByRole("complementary", { name: publicClass("booking") });
  await expect(booking).toContainText(schedule("partOfCourse"));
  await expect(booking).toContainText(publicClass("courseTrial", { name: COURSE.name }));
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await shot("1-class");

  // Signing in creates their profile; the emailed link brings them back to the class.
  await booking.getByRole("link", { name: new RegExp(`^${literal(schedule("signInToBook"))}`) }).click();
  await page.getByRole("textbox", { name: form("email") }).fill(email);
  await page.getByRole("button", { name: form("submit") }).click();
  const newHere = page.getByRole("region", { name: form("newHere", { studio: "Demo Studio" }) });
  await newHere.getByRole("textbox", { name: form("name") }).fill("Karla Nysgerrig");
  const since = new Date();
  await newHere.getByRole("button", { name: form("create") }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(form("registered", { email }));
  await page.goto(signInPath(await waitForEmail({ to: email, subject: /^Log ind på Demo Studio$/, since })));
  await page.getByRole("button", { name: verify("signIn") }).click();
  await expect(page).toHaveURL(new RegExp(`${literal(classPath)}$`));

  // Without a pass, the class invites them to buy one: a drop-in, paid, and back to the class to book it.
  await booking.getByRole("link", { name: new RegExp(`^${literal(schedule("buyPassToBook"))}\\s*: `) }).click();
  await page
    .getByRole("link", { name: new RegExp(`^${literal(passes("buyLabel", { label: "Enkelttime, " }))}`) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();
  await expect(page).toHaveURL(new RegExp(`${literal(classPath)}\\?bought=1$`));
  await booking
    .getByRole("button", { name: new RegExp(`^${literal(controls("book"))}: ${literal(COURSE.name)}`) })
    .click();
  await expect(booking.getByText(controls("booked"), { exact: true })).toBeVisible();
  await fitsThePhone(page);
  await expectNoSeriousA11yViolations(page);
  await shot("2-booked");
});
