import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// Issue 33 §1 (decision 0038): in Danish on a phone, Mette Holm buys her daughter Alma the children's
// dance pass at the child price (Alma is under 12, Mette is not) and books Alma into Børnedans; the
// confirmation comes to Mette. The demo studio seeds Mette with Alma and Karl and the pass.

const KIDS_PASS = "Børnedans, 10 gange";
const language = "da";

test.describe("a parent on a phone, in Danish", () => {
  test.use({ language, ...PHONE });

  let pass: { id: string; childPriceId: string };

  test.beforeAll(async () => {
    const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
    expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
    const products = (await (await api.get("/api/public/accounts/demo/products")).json()) as {
      id: string;
      name: string;
      prices: { id: string; maxAge: number | null }[];
    }[];
    const kids = products.find((product) => product.name === KIDS_PASS)!;
    pass = { id: kids.id, childPriceId: kids.prices.find((price) => price.maxAge === 12)!.id };
    await api.dispose();
  });

  test("buys her child the dance pass at the child price and books the child's dance class", async ({ page }) => {
    const demo = wordsOf(language, "DemoPanel");
    const household = wordsOf(language, "Household");
    const summary = wordsOf(language, "OrderSummary");
    const buyButton = wordsOf(language, "BuyButton");
    const me = wordsOf(language, "MyBookings");
    const result = wordsOf(language, "BookingResult");
    const since = new Date();

    await page.goto("/");
    await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Mette Holm" });
    await page.getByRole("button", { name: demo("tryAttendee") }).click();
    await expect(page).toHaveURL(/\/demo$/);

    // Her children are on her page.
    await page.goto("/demo/me");
    const children = page.getByRole("region", { name: household("childrenTitle") });
    await expect(children.getByText("Alma Holm", { exact: true })).toBeVisible();
    await expect(children.getByText("Karl Holm", { exact: true })).toBeVisible();
    await saveScreenshot(page, "da-phone-household-1-children");

    // The child price of the dance pass: not for Mette herself, so the summary chooses Alma, whom it fits.
    await page.goto("/demo/passes");
    await page.locator(`a[href^="/demo/passes/${pass.id}?price=${pass.childPriceId}"]`).click();
    await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
    const chooser = page.getByRole("navigation", { name: household("buyForLegend") });
    await expect(chooser.getByRole("link", { name: "Alma Holm" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main")).not.toContainText(summary("cannotBuy", { reason: "" }));
    // Chosen for herself, Mette is told whom the price is for.
    await chooser.getByRole("link", { name: household("buyForMe"), exact: true }).click();
    await expect(page.getByRole("main")).toContainText(summary("priceForChildrenUpTo", { max: 12 }));
    await chooser.getByRole("link", { name: "Alma Holm" }).click();
    await expect(chooser.getByRole("link", { name: "Alma Holm" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("order-figures")).toContainText("700,00");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-household-2-summary");
    await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowClassPass") }).check();
    await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();
    await expect(page).toHaveURL(/\/demo\/me\?bought=1$/);
    await expect(page.getByRole("region", { name: me("myPasses") })).toContainText(`${KIDS_PASS} · Alma Holm`);

    // Next week's Børnedans: "Book til Alma Holm".
    await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
    await page
      .getByRole("main")
      .getByRole("link", { name: /Børnedans/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Børnedans" })).toBeVisible();
    // One button per person of the household: Mette's own, and one for each child.
    const booking = page.getByRole("complementary", { name: wordsOf(language, "PublicClass")("booking") });
    await expect(
      booking.getByRole("button", { name: new RegExp(`^${literal(household("bookForMe"))}`) }),
    ).toBeVisible();
    await expect(
      booking.getByRole("button", { name: new RegExp(`^${literal(household("bookFor", { name: "Karl Holm" }))}`) }),
    ).toBeVisible();
    await booking
      .getByRole("button", { name: new RegExp(`^${literal(household("bookFor", { name: "Alma Holm" }))}`) })
      .click();
    await expect(page.getByRole("status")).toContainText(result("booked"));
    const booked = page.getByRole("list", { name: household("alsoBooked") });
    await expect(booked).toContainText("Alma Holm");
    await expect(booked).toContainText(household("booked"));
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "da-phone-household-3-class");

    // Alma's booking is on Mette's page, and its confirmation came to Mette, in Danish.
    await page.goto("/demo/me");
    await expect(page.getByRole("region", { name: me("upcoming") })).toContainText("Alma Holm");
    const email = await waitForEmail({ to: "mette.holm@demo.studio-booking.test", subject: /Børnedans/, since });
    expect(email.locale).toBe("da");
  });
});
