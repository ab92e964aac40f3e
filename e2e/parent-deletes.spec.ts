import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { wordsOf } from "./support/words";

// Issue 45 §2 in Danish on a phone: Mette Holm deletes her profile from her page; the confirmation
// names her children first (Alma og Karl go with her), and afterwards the desk's people list knows
// no Alma Holm. The demo studio seeds Mette with Alma and Karl.

const language = "da";

test.describe("a parent on a phone, in Danish", () => {
  test.use({ language, ...PHONE });

  test.beforeAll(async () => {
    const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
    expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
    await api.dispose();
  });

  test("deletes her profile, her children go with her and leave the people list", async ({ page }) => {
    const demo = wordsOf(language, "DemoPanel");
    const deleting = wordsOf(language, "DeleteProfile");
    const mine = wordsOf(language, "MyData");
    const people = wordsOf(language, "PeoplePage");
    const home = wordsOf(language, "DashboardHome");
    const signInAsAdministrator = async () => {
      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
    };
    const findAlma = async () => {
      await page.goto("/dashboard/users");
      await page.getByLabel(people("search")).fill("Alma");
      await page.getByRole("button", { name: people("searchButton") }).click();
      await expect(page).toHaveURL(/q=Alma/);
      return page.getByRole("main").getByRole("link", { name: "Alma Holm" });
    };

    // The desk knows Alma before.
    await signInAsAdministrator();
    await expect(await findAlma()).toBeVisible();

    await page.goto("/");
    await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Mette Holm" });
    await page.getByRole("button", { name: demo("tryAttendee") }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await page.goto("/demo/me");
    await page.getByText(deleting("delete"), { exact: true }).click();
    // Her children first, by their first names, before what goes and what stays.
    await expect(
      page.getByText(deleting("childrenToo", { count: 2, names: "Alma og Karl" }), { exact: true }),
    ).toBeVisible();
    await saveScreenshot(page, "da-phone-parent-deletes-1-confirm");
    await page.getByRole("button", { name: deleting("confirm") }).click();
    await expect(page).toHaveURL(/\/demo\/me\?profile=deleted$/);
    await expect(page.getByRole("main")).toContainText(mine("deleted"));

    // The desk's people list has no Alma Holm any more.
    await signInAsAdministrator();
    await expect(await findAlma()).toHaveCount(0);
    await saveScreenshot(page, "da-phone-parent-deletes-2-people");
  });
});
