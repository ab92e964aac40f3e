// Settings' language and timezone pickers and the studio profile, and that profile on the public
// schedule: an administrator at a desk, a visitor on a phone, in English and in Danish.
import fs from "node:fs";
import path from "node:path";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoApi } from "./support/demo-api";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";

const PHONE = { width: 390, height: 844 };

for (const language of ["en", "da"] as const) {
  test.describe(`in ${language === "en" ? "English" : "Danish"}`, () => {
    test.use({ language });
    const words =
      language === "en"
        ? {
            admin: "Try as administrator",
            nav: "Dashboard",
            overview: "Overview",
            settings: "Settings",
            timezone: "Timezone",
            search: "Search by city, region or offset",
            locale: "Language and formats",
            accent: "Accent colour",
            website: "Website",
            save: "Save profile",
            saved: "Profile saved.",
            accentError: "Enter a colour as # and six hexadecimal digits, such as #0f766e",
            about: "About Demo Studio",
          }
        : {
            admin: "Prøv som administrator",
            nav: "Kontrolpanel",
            overview: "Overblik",
            settings: "Indstillinger",
            timezone: "Tidszone",
            search: "Søg på by, region eller forskel til UTC",
            locale: "Sprog og format",
            accent: "Accentfarve",
            website: "Hjemmeside",
            save: "Gem profil",
            saved: "Profilen er gemt.",
            accentError: "Skriv en farve som # og seks hexadecimale cifre, fx #0f766e",
            about: "Om Demo Studio",
          };

    test("an administrator finds a timezone by typing and edits the studio profile", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: words.admin }).click();
      await expect(page.getByRole("heading", { level: 1, name: words.overview })).toBeVisible();
      await page.getByRole("navigation", { name: words.nav }).getByRole("link", { name: words.settings }).click();
      await expect(page.getByRole("heading", { level: 1, name: words.settings })).toBeVisible();

      const timezone = page.getByLabel(words.timezone, { exact: true });
      await expect(timezone).toHaveValue("Europe/Copenhagen");
      await expect(timezone.locator("option:checked")).toHaveText(/^Copenhagen — UTC\+0[12]:00$/);
      await expect(page.getByLabel(words.locale)).toHaveValue("da-DK");
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `settings-desktop-${language}`);

      // Typing narrows the list and chooses the first match; the form is not saved.
      await page.getByRole("searchbox", { name: words.search }).fill("tokyo");
      await expect(timezone).toHaveValue("Asia/Tokyo");
      await page.getByRole("searchbox", { name: words.search }).fill("");
      await timezone.selectOption("Europe/Copenhagen");

      const accent = page.getByLabel(words.accent);
      await accent.fill("teal");
      await page.getByRole("button", { name: words.save }).click();
      await expect(page.getByText(words.accentError)).toBeVisible();
      await accent.fill("#e07a5f");
      await page.getByRole("button", { name: words.save }).click();
      await expect(page.getByText(words.saved)).toBeVisible();
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `settings-phone-${language}`);
    });

    test("a visitor on a phone reads about the studio above the schedule", async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto("/demo");
      const about = page.getByRole("complementary", { name: words.about });
      await expect(about).toBeVisible();
      await expect(about.getByRole("link", { name: "demo-studio.example", exact: true })).toHaveAttribute(
        "href",
        "https://demo-studio.example",
      );
      await expect(about.getByRole("link", { name: "hej@demo-studio.example" })).toHaveAttribute(
        "href",
        "mailto:hej@demo-studio.example",
      );
      // The accent colour is painted as an SVG fill (no inline style under the policy).
      await expect(page.locator("header svg rect[fill='#e07a5f']")).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `schedule-phone-profile-${language}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(page, `schedule-desktop-profile-${language}`);
    });
  });
}

test("a studio's logo on an https address shows beside its name, under the page's policy", async ({ page }) => {
  const logoUrl = "https://logo.studio.example/demo.svg";
  // No network in the journeys: the logo's host answers from here (the browser still applies img-src).
  const icon = fs.readFileSync(path.resolve(import.meta.dirname, "../app/icon.svg"));
  await page.route("https://logo.studio.example/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/svg+xml", body: icon }),
  );
  const admin = await demoApi("administrator");
  try {
    const patched = await admin.patch("/api/account", { data: { profile: { logoUrl } } });
    expect(patched.status(), await patched.text()).toBe(200);

    await page.goto("/demo");
    const home = page.getByRole("banner").getByRole("link", { name: "Demo Studio" });
    const logo = home.locator("img");
    await expect(logo).toHaveAttribute("src", logoUrl);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "schedule-desktop-logo");
  } finally {
    await admin.patch("/api/account", { data: { profile: { logoUrl: null } } });
    await admin.dispose();
  }
});
