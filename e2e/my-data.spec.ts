import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoApi } from "./support/demo-api";
import { DESKTOP, PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { wordsOf } from "./support/words";

// A studio's data and a person's (issue 31 §2–3), in Danish: the owner downloads everything from
// Settings and erases a person who asked to be forgotten; a member downloads their data and reads,
// before deleting their profile, what goes and what the studio keeps. The member does not confirm:
// the demo's personas are shared by the other journeys of this server.

test.describe("on a desktop, in Danish", () => {
  test.use({ language: "da", ...DESKTOP });

  test("the owner downloads everything as one ZIP and erases a person", async ({ page }) => {
    const demo = wordsOf("da", "DemoPanel");
    const exportWords = wordsOf("da", "StudioExport");
    const person = wordsOf("da", "PersonPage");

    await page.goto("/");
    await page.getByRole("button", { name: demo("tryAdmin") }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto("/dashboard/settings#studio-export");
    await expect(page.getByRole("heading", { name: exportWords("heading") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-desktop-settings-export");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: exportWords("download"), exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^demo-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(entries)).toEqual([
      "people.csv",
      "passes.csv",
      "bookings.csv",
      "orders.csv",
      "products.csv",
      "programme.csv",
      "receipts.csv",
      "manifest.json",
    ]);
    const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"]));
    expect(manifest.account.slug).toBe("demo");
    expect(manifest.files[0].rows).toBeGreaterThan(10);

    // A person who asked to be forgotten, added for this journey.
    const admin = await demoApi("administrator");
    const email = `glem-mig-${Date.now()}@example.com`;
    const invited = await admin.post("/api/users/invitations", {
      data: { email, displayName: "Glem Mig Hansen", persona: "attendee" },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { user } = (await invited.json()) as { user: { id: string } };
    await admin.dispose();

    await page.goto(`/dashboard/users/${user.id}`);
    await expect(page.getByText(person("eraseIntro"))).toBeVisible();
    await saveScreenshot(page, "da-desktop-person-erase");
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: person("erase", { name: "Glem Mig Hansen" }) }).click();
    await page.waitForURL(/\/dashboard\/users$/);
    await expect(page.getByText("Glem Mig Hansen")).toHaveCount(0);
  });
});

test.describe("on a phone, in Danish", () => {
  test.use({ language: "da", ...PHONE });

  test("a member downloads their data and reads what deleting the profile keeps", async ({ page }) => {
    const demo = wordsOf("da", "DemoPanel");
    const mine = wordsOf("da", "MyData");
    const deleting = wordsOf("da", "DeleteProfile");

    await page.goto("/");
    await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Ida Holm" });
    await page.getByRole("button", { name: demo("tryAttendee") }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await page.goto("/demo/me#my-data");
    await expect(page.getByRole("heading", { name: mine("title") })).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: mine("download") }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data.user.displayName).toBe("Ida Holm");
    expect(data.studios.map((studio: { account: { slug: string } }) => studio.account.slug)).toContain("demo");

    await page.getByText(deleting("delete"), { exact: true }).click();
    await expect(page.getByText(deleting("whatStays"))).toBeVisible();
    await expect(page.getByRole("button", { name: deleting("confirm") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-delete-profile");
  });
});
