import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";

// Issue 28 §4: a visitor who has not chosen a language (no switcher cookie) reads the language of the
// studio the page or link belongs to, else their browser's (Accept-Language), else English.
test.use({ language: null, viewport: { width: 390, height: 844 } });

const SOFIE = "sofie.pedersen@demo.studio-booking.test";
const ANNA = "anna.larsen@demo.studio-booking.test";

async function expectLanguage(page: Page, lang: "da" | "en") {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

/** Asks for a sign-in link on the demo studio's sign-in page (in Danish) and opens the link it emails. */
async function openDanishSignInLink(page: Page, email: string) {
  const since = new Date();
  await page.goto("/sign-in?account=demo");
  await expectLanguage(page, "da");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByRole("button", { name: "Fortsæt" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/Tjek din e-mail/);
  const mail = await waitForEmail({ to: email, subject: /^Log ind på Demo Studio$/, since });
  expect(mail.locale).toBe("da");
  return signInPath(mail);
}

test.describe("a Danish browser", () => {
  test.use({ locale: "da-DK" });

  test("reads Danish on the home page, sign-up, sign-in and the page its sign-in email opens", async ({ page }) => {
    await page.goto("/");
    await expectLanguage(page, "da");
    await expect(page.getByText(/^Holdplaner, klippekort og booking/)).toBeVisible();
    await saveScreenshot(page, "language-home-da");

    await page.goto("/signup");
    await expectLanguage(page, "da");
    await expect(page.getByRole("heading", { level: 1, name: "Opret dit studie" })).toBeVisible();
    await saveScreenshot(page, "language-signup-da");

    await page.goto("/sign-in");
    await expectLanguage(page, "da");
    await expect(page.getByRole("heading", { level: 1, name: "Log ind" })).toBeVisible();

    const link = await openDanishSignInLink(page, SOFIE);
    await page.goto(link);
    await expectLanguage(page, "da");
    await expect(page.getByRole("heading", { level: 1, name: "Log ind" })).toBeVisible();
    await expect(page.getByText("Tryk på knappen for at logge ind på denne enhed.")).toBeVisible();
    await saveScreenshot(page, "language-verify-da");
    await page.getByRole("button", { name: "Log ind" }).click();
    await expect(page).toHaveURL(/\/demo$/);
  });

  test("reads English once the switcher's cookie says so", async ({ page, context }) => {
    await context.addCookies([{ name: "studio_locale", value: "en", url: E2E_URL }]);
    await page.goto("/");
    await expectLanguage(page, "en");
    await expect(page.getByText(/^Schedules, passes and bookings/)).toBeVisible();
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.goto("/demo");
    await expectLanguage(page, "en");
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });

  test("reads English on the home page, sign-up and sign-in, and Danish on a Danish studio's pages and links", async ({
    page,
  }) => {
    await page.goto("/");
    await expectLanguage(page, "en");
    await expect(page.getByText(/^Schedules, passes and bookings/)).toBeVisible();
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Sign up your studio" })).toBeVisible();
    await page.goto("/sign-in");
    await expectLanguage(page, "en");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    // The demo studio is Danish (da-DK): its sign-in page and the link it emails speak Danish.
    const link = await openDanishSignInLink(page, ANNA);
    await page.goto(link);
    await expectLanguage(page, "da");
    await expect(page.getByText("Tryk på knappen for at logge ind på denne enhed.")).toBeVisible();
  });
});

test.describe("a not-found page, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.describe("in a Danish browser", () => {
    test.use({ locale: "da-DK" });

    test("of an unknown studio, an unknown class and an unknown dashboard record: 404, the message and a link home", async ({
      page,
    }) => {
      for (const path of ["/no-such-studio", "/demo/classes/no-such-class", "/no-such-studio/classes/x"]) {
        const response = await page.goto(path);
        expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
        await expectLanguage(page, "da");
        await expect(page.getByRole("heading", { level: 1, name: "Siden findes ikke" })).toBeVisible();
        await expect(page.getByText("Vi kunne ikke finde siden.")).toBeVisible();
        await expect(page.getByRole("link", { name: "Gå til forsiden" })).toHaveAttribute("href", "/");
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }
      await saveScreenshot(page, "not-found-da");

      const signIn = await page.request.post("/api/demo-auth/session", {
        data: { persona: "administrator" },
        headers: { origin: E2E_URL },
      });
      expect(signIn.status()).toBe(201);
      const response = await page.goto("/dashboard/products/00000000-0000-4000-8000-000000000000");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Siden findes ikke" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Gå til forsiden" })).toHaveAttribute("href", "/");
    });
  });

  test.describe("in an English browser", () => {
    test.use({ locale: "en-US" });

    test("of an unknown studio: 404 in English", async ({ page }) => {
      const response = await page.goto("/no-such-studio");
      expect(response?.status()).toBe(404);
      await expectLanguage(page, "en");
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
      await saveScreenshot(page, "not-found-en");
    });
  });
});
