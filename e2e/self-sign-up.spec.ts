// A person new to the demo studio, on a phone in Danish: taps "Book" on a class, creates a profile
// on the studio's sign-in page with their name, opens the emailed link and lands back on that class,
// signed in, where it invites them to buy a pass. Classes are found by the page's structure.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { ensureDemoPass } from "./support/demo-api";
import { dayHeading, mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { literal, wordsOf } from "./support/words";

test.use({ language: "da", ...PHONE });

test.beforeAll(async () => {
  await ensureDemoPass();
});

test("a new person signs up from a class's Book on a phone and lands back on the class, signed in", async ({
  page,
}) => {
  const header = wordsOf("da", "StudioHeader");
  const schedule = wordsOf("da", "Schedule");
  const signIn = wordsOf("da", "SignIn");
  const form = wordsOf("da", "SignInForm");
  const verify = wordsOf("da", "VerifySignIn");
  const email = `freja-${randomUUID().slice(0, 8)}@example.com`;
  const shot = (name: string) => saveScreenshot(page, `da-phone-self-sign-up-${name}`);
  const fitsThePhone = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);

  // The schedule offers "Log ind eller opret profil" in its header, visible on the phone.
  const monday = mondayOf(1);
  await page.goto(`/demo?week=${monday.toISODate()}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "da");
  await expect(page.getByRole("banner").getByRole("link", { name: header("signIn") })).toBeInViewport();
  await fitsThePhone();
  await shot("1-schedule");

  // Next week's Wednesday: open for booking whatever today is. Its first class's "Log ind for at booke".
  const wednesday = page.getByRole("main").getByRole("region", { name: dayHeading(monday.plus({ days: 2 })) });
  const book = wednesday.getByRole("link", { name: new RegExp(`^${literal(schedule("signInToBook"))}`) }).first();
  const href = (await book.getAttribute("href"))!;
  const classPath = new URL(href, "http://x").searchParams.get("returnTo")!;
  expect(classPath).toMatch(/^\/demo\/classes\/[^/?#]+$/);
  await book.click();

  // The studio's sign-in page: sign in or create a profile, starting with the email.
  await expect(page).toHaveURL(/\/sign-in\?account=demo&returnTo=/);
  await expect(page.getByRole("heading", { level: 1, name: signIn("signInOrSignUp") })).toBeVisible();
  await page.getByRole("textbox", { name: form("email") }).fill(email);
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("2-email");
  await page.getByRole("button", { name: form("submit") }).click();

  // Not a dead end: "Ny hos Demo Studio?" asks the name, and the date of birth with why.
  const newHere = page.getByRole("region", { name: form("newHere", { studio: "Demo Studio" }) });
  await expect(newHere).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(form("sent"));
  await expect(newHere).toContainText(form("dateOfBirthWhy"));
  await newHere.getByRole("textbox", { name: form("name") }).fill("Freja Lund");
  await newHere.getByLabel(form("dateOfBirth")).fill("1994-03-12");
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("3-new-here");
  const since = new Date();
  await newHere.getByRole("button", { name: form("create") }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(form("registered", { email }));
  await shot("4-check-email");

  // The email is Danish and its link carries the class back.
  const mail = await waitForEmail({ to: email, subject: /^Log ind på Demo Studio$/, since });
  expect(mail.locale).toBe("da");
  const link = signInPath(mail);
  expect(new URL(link, "http://x").searchParams.get("returnTo")).toBe(classPath);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: verify("title") })).toBeVisible();
  await shot("5-verify");
  await page.getByRole("button", { name: verify("signIn") }).click();

  // Back on the class, signed in; with no pass yet, the class invites them to buy one.
  await expect(page).toHaveURL(new RegExp(`${literal(classPath)}$`));
  await expect(page.getByRole("banner").getByRole("button", { name: header("signOut") })).toBeVisible();
  await expect(page.locator("aside").locator('a[href^="/demo/passes"]').first()).toBeVisible();
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("6-class-signed-in");
});

test("a pass's sign-in link returns to that price's summary, the header's to the passes", async ({ page }) => {
  const passes = wordsOf("da", "Passes");
  await page.goto("/demo/passes");
  const buy = page.getByRole("link", { name: new RegExp(`^${literal(passes("signInToBuy"))}`) }).first();
  const back = new URL((await buy.getAttribute("href"))!, "http://x").searchParams.get("returnTo");
  expect(back).toMatch(/^\/demo\/passes\/[^/?#]+\?price=[^&#]+$/);
  const header = wordsOf("da", "StudioHeader");
  const headerLink = page.getByRole("banner").getByRole("link", { name: header("signIn") });
  expect(new URL((await headerLink.getAttribute("href"))!, "http://x").searchParams.get("returnTo")).toBe(
    "/demo/passes",
  );
});
