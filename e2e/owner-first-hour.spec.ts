// Issue 28 §2: a studio owner's first hour, on a desktop, in Danish. From the first sign-in to a
// weekly class on the public page and a pass on sale there, counting every link clicked and every
// form submitted (typing and ticking boxes are free): at most 12. No English word and no field name
// on any page or message on the way.
import { DateTime } from "luxon";
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";
import { literal, wordsOf } from "./support/words";

// A Danish owner's browser: its own date and time pickers speak Danish too.
test.use({ language: "da", locale: "da-DK", viewport: { width: 1280, height: 900 } });

const MAX_CLICKS = 12;

// English words a Danish page must not show, and the API's field names (a form that leaks a schema
// path or an English validation message shows one of these).
const ENGLISH =
  /\b(the|and|of|your|Save|Create|Add|Sign|Price|Draft|Location|Class|Weekly|Required|Invalid|expected|received|Europe|Copenhagen|endsOn|startsOn|count|weekdays|localStartTime|durationMinutes|classAllowance|validityDays|teacherIds|locationId|eligibleEventIds|undefined|null|NaN)\b/;

/** The page's visible text, minus the language switcher (whose "English" is the other choice). */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll("[data-language-switcher], script, style, template").forEach((node) => node.remove());
    return body.innerText;
  });
}

async function expectDanishOnly(page: Page) {
  const text = (await visibleText(page)).replace(/English/g, "");
  const found = ENGLISH.exec(text);
  expect(
    found?.[0],
    `an English word or field name on ${page.url()}: …${found ? text.slice(Math.max(0, found.index - 60), found.index + 60) : ""}…`,
  ).toBeUndefined();
}

test("a new studio's owner gets from the first sign-in to a bookable weekly class and a pass on sale in at most 12 clicks", async ({
  page,
}) => {
  const signUp = wordsOf("da", "SignUpForm");
  const verify = wordsOf("da", "VerifySignIn");
  const checklist = wordsOf("da", "SetupChecklist");
  const locations = wordsOf("da", "LocationsPage");
  const weekly = wordsOf("da", "WeeklyClassForm");
  const home = wordsOf("da", "DashboardHome");
  const productForm = wordsOf("da", "ProductForm");
  const products = wordsOf("da", "ProductsPage");
  const nav = wordsOf("da", "DashboardNav");
  const header = wordsOf("da", "StudioHeader");

  let clicks = 0;
  /** A link click or a submit: the journey's unit of effort. */
  const click = async (target: Locator) => {
    clicks++;
    await target.click();
  };

  const stamp = Date.now().toString(36);
  const studio = `Solsikken ${stamp}`;
  const email = `ejer.${stamp}@example.test`;

  // Sign up (before the first sign-in: not counted).
  await page.goto("/signup");
  await page.waitForLoadState("networkidle"); // the form posts by script once hydrated
  await page.getByRole("textbox", { name: signUp("studioName") }).fill(studio);
  await page.getByRole("textbox", { name: signUp("email") }).fill(email);
  await page.getByRole("textbox", { name: signUp("yourName") }).fill("Sofie Holm");
  const sentAt = new Date();
  await page.getByRole("button", { name: signUp("create") }).click();
  await expect(page.getByRole("heading", { level: 1, name: signUp("sentTitle") })).toBeVisible();
  const mail = await waitForEmail({ to: email, since: sentAt });
  expect(mail.locale).toBe("da");

  // 1: the emailed link, then "Log ind": an administrator lands on the dashboard, on the checklist.
  await page.goto(signInPath(mail));
  await expectDanishOnly(page);
  await click(page.getByRole("button", { name: verify("signIn") }));
  await expect(page).toHaveURL(/\/dashboard$/);
  const list = page.locator("details").filter({ hasText: checklist("heading") });
  await expect(list).toHaveAttribute("open", "");
  await expect(list).toContainText(checklist("progress", { done: 0, total: 9 }));
  await expect(list.getByRole("link", { name: checklist("publicPage") })).toBeVisible();
  await expectDanishOnly(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "owner-checklist-new");

  // 2–4: a location, from the checklist, and back to the overview.
  await click(list.getByRole("link", { name: checklist("location") }));
  await page.getByRole("textbox", { name: locations("name") }).fill("Sal 1");
  await page.getByRole("textbox", { name: locations("address") }).fill("Solsikkevej 3, 2200 København N");
  await page.getByRole("spinbutton", { name: locations("capacity") }).fill("16");
  await click(page.getByRole("button", { name: locations("add") }));
  await expect(page.getByText("Solsikkevej 3, 2200 København N · 16 pladser")).toBeVisible();
  await expectDanishOnly(page);
  await click(page.getByRole("navigation", { name: nav("label") }).getByRole("link", { name: nav("overview") }));
  await expect(list.getByText(checklist("progress", { done: 1, total: 9 }))).toBeVisible();

  // 5–6: "Add a weekly class": the class and its weekly times in one form. It starts next Monday,
  // so the journey holds whatever day it runs.
  await click(list.getByRole("link", { name: checklist("weeklyClass") }));
  await expect(
    page.getByRole("heading", { level: 1, name: wordsOf("da", "NewWeeklyClassPage")("title") }),
  ).toBeVisible();
  const nextMonday = DateTime.now().setZone("Europe/Copenhagen").startOf("week").plus({ weeks: 1 });
  await page.getByRole("textbox", { name: weekly("title") }).fill("Morgenyoga");
  await page.getByRole("spinbutton", { name: weekly("length") }).fill("75");
  await expect(page.getByRole("combobox", { name: weekly("location") })).toHaveValue(/.+/); // Sal 1, chosen
  await page.getByRole("checkbox", { name: "mandag" }).check();
  await page.getByRole("checkbox", { name: "onsdag" }).check();
  await page.getByLabel(weekly("startTime")).fill("07:30");
  await page.getByLabel(weekly("startsOn")).fill(nextMonday.toISODate()!);
  // A wrong end first: the message is in words, at the end's choice (typing and ticking are free).
  await page.getByRole("radio", { name: weekly("endsOn") }).check();
  await page.getByRole("textbox", { name: weekly("endsOnLabel") }).fill(nextMonday.plus({ years: 3 }).toISODate()!);
  await expect(page.getByRole("region", { name: weekly("preview") })).toContainText(weekly("previewWaiting"));
  await page.getByRole("radio", { name: weekly("endsNever") }).check();
  // Two years of Mondays and Wednesdays (how many depends on where the two years end).
  await expect(page.getByRole("region", { name: weekly("preview") })).toContainText(
    new RegExp(literal(weekly("previewCount", { count: 999 })).replace("999", "2\\d\\d")),
  );
  await expectDanishOnly(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "owner-weekly-class-form");
  await click(page.getByRole("button", { name: weekly("create") }));
  await expect(page).toHaveURL(/\/dashboard\?added=weekly-class$/);
  await expect(page.getByRole("status").filter({ hasText: home("weeklyClassAdded") })).toBeVisible();
  await expect(list.getByText(checklist("progress", { done: 2, total: 9 }))).toBeVisible();
  await expectDanishOnly(page);

  // 7–8: a pass, from the checklist, put on sale at once.
  await click(list.getByRole("link", { name: checklist("passOnSale") }));
  await page.getByRole("textbox", { name: productForm("name") }).fill("10 klip");
  await page.getByRole("spinbutton", { name: productForm("classesIncluded") }).fill("10");
  await page.getByRole("spinbutton", { name: productForm("validityDays") }).fill("180");
  await page.getByRole("textbox", { name: productForm("amount") }).fill("1200");
  await expect(page.getByRole("button", { name: productForm("saveAsDraft") })).toBeVisible();
  await expectDanishOnly(page);
  await click(page.getByRole("button", { name: productForm("putOnSale") }));
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  const pass = page.getByRole("listitem").filter({ hasText: "10 klip" }).first();
  await expect(pass).toContainText(products("statusActive"));
  await expect(pass).toContainText(
    `${products("classes", { count: 10 })} · ${products("validFor", { count: 180 })} · ${products("allClasses")}`,
  );
  await expect(pass).toContainText(/1\.200,00\s*kr\./);
  await expectDanishOnly(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "owner-products");

  // 9–10: the public page, from the dashboard's menu; the class is on next week's schedule.
  await click(page.getByRole("navigation", { name: nav("label") }).getByRole("link", { name: nav("publicPage") }));
  await expect(page.getByRole("banner").getByRole("link", { name: header("dashboard") })).toBeVisible();
  await click(page.locator('a[rel="next"]'));
  await expect(page.getByText("Morgenyoga").first()).toBeVisible();
  await expect(page.getByText(/07[.:]30/).first()).toBeVisible();
  await expectDanishOnly(page);
  await saveScreenshot(page, "owner-public-schedule");

  // 11: the pass is on sale there.
  await click(page.getByRole("banner").getByRole("link", { name: header("passes") }));
  await expect(page.getByRole("heading", { name: "10 klip" })).toBeVisible();
  await expect(page.getByText(/1\.200,00\s*kr\./).first()).toBeVisible();
  await expectDanishOnly(page);

  expect(clicks, "link clicks and submits from the first sign-in").toBeLessThanOrEqual(MAX_CLICKS);
  console.log(`owner's first hour: ${clicks} clicks`);

  // Not counted: the way back, and the rest of the checklist; it folds away once all is done.
  await page
    .getByRole("banner")
    .getByRole("link", { name: header("dashboard") })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The location, the class, the pass, and the public page (a class to book, something on sale).
  await expect(list.getByText(checklist("progress", { done: 4, total: 9 }))).toBeVisible();
  await list.getByRole("link", { name: checklist("payments") }).click();
  const payments = wordsOf("da", "PaymentsSettings");
  await page.getByRole("checkbox", { name: payments("desk") }).check();
  await page.getByRole("button", { name: payments("saveDesk"), exact: true }).click();
  await expect(page.getByText(payments("deskChosen"))).toBeVisible();
  await expectDanishOnly(page);
  await page.goto("/dashboard");
  await expect(list.getByText(checklist("progress", { done: 5, total: 9 }))).toBeVisible();
});
