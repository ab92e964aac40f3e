import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, demoApi, demoAttendeeApi, ensureDemoPass } from "./support/demo-api";
import { DESKTOP, PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, literal, wordsOf } from "./support/words";

// Promo codes: the desk makes one in the dashboard; a member types one on the passes page and pays
// the price after its discount. Codes are unique per run (the demo is shared by the journeys).
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

for (const language of LANGUAGES) {
  test.describe(`in ${language === "da" ? "Danish" : "English"}`, () => {
    test.describe("on a desktop", () => {
      test.use({ language, ...DESKTOP });

      test("the desk creates a promo code and deactivates it", async ({ page }) => {
        const demo = wordsOf(language, "DemoPanel");
        const home = wordsOf(language, "DashboardHome");
        const nav = wordsOf(language, "DashboardNav");
        const words = wordsOf(language, "PromoCodesPage");
        const done = wordsOf(language, "PromoCodesActions");
        const code = uniqueCode(`DESK${language.toUpperCase()}`);

        await page.goto("/");
        await page.getByRole("button", { name: demo("tryAdmin") }).click();
        await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
        await page
          .getByRole("navigation", { name: nav("label") })
          .getByRole("link", { name: nav("promoCodes") })
          .click();
        await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();

        await page.getByLabel(words("code"), { exact: true }).fill(code);
        await page.getByLabel(words("kind")).selectOption("percent");
        await page.getByLabel(words("discount"), { exact: true }).fill("25");
        await page.getByLabel(words("maxRedemptions")).fill("100");
        await page.getByRole("button", { name: words("add") }).click();
        await expect(page.getByText(done("created", { code }))).toBeVisible();
        const row = page.getByRole("row").filter({ hasText: code });
        await expect(row).toContainText(words("percentOff", { percent: 25 }));
        await expect(row).toContainText(words("usedOf", { used: 0, max: 100 }));
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `${language}-desktop-promo-codes`);

        await row.getByRole("button", { name: words("deactivateCode", { code }) }).click();
        await expect(row.getByRole("button", { name: words("activateCode", { code }) })).toBeVisible();
        await expect(row).toContainText(words("inactive"));
      });
    });

    test.describe("on a phone", () => {
      test.use({ language, ...PHONE });

      test("a member buys a pass with a promo code and pays a quarter less", async ({ page }) => {
        const demo = wordsOf(language, "DemoPanel");
        const header = wordsOf(language, "StudioHeader");
        const passesPage = wordsOf(language, "Passes");
        const buyButton = wordsOf(language, "BuyButton");
        const field = wordsOf(language, "PromoCodeField");
        const summary = wordsOf(language, "OrderSummary");
        const refusal = wordsOf(language, "PromoCodeRefusal");
        const me = wordsOf(language, "MyBookings");
        const receipts = wordsOf(language, "ReceiptLink");
        const pass = await ensureDemoPass();
        const code = uniqueCode(`SPRING${language.toUpperCase()}`);
        const admin = await demoApi("administrator");
        const created = await admin.post("/api/promo-codes", {
          data: { code, percentOff: 25, productIds: [pass.productId], status: "active" },
        });
        expect(created.status(), await created.text()).toBe(201);
        await admin.dispose();

        await page.goto("/");
        await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Mads Jensen" });
        await page.getByRole("button", { name: demo("tryAttendee") }).click();
        await expect(page).toHaveURL(/\/demo$/);
        await page
          .getByRole("navigation", { name: header("navigation") })
          .getByRole("link", { name: header("passes") })
          .click();
        await expect(page.getByRole("heading", { level: 1, name: passesPage("title") })).toBeVisible();

        await page
          .getByRole("link", {
            name: new RegExp(`^${literal(passesPage("buyLabel", { label: `${DEMO_PASS.name}, ` }))}`),
          })
          .click();
        await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
        // A code that does not exist is refused on the summary, in the member's language, and the total stays.
        await page.getByLabel(field("question")).fill("NO-SUCH-CODE");
        await page.getByRole("button", { name: field("apply") }).click();
        await expect(page.getByRole("status").filter({ hasText: refusal("unknown") })).toBeVisible();
        const figures = page.getByTestId("order-figures");
        await expect(figures).toContainText(summary("total"));
        await expect(figures).not.toContainText(summary("discount", { code: "NO-SUCH-CODE" }));
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `${language}-phone-promo-code`);

        await page.getByLabel(field("question")).fill(code.toLowerCase());
        await page.getByRole("button", { name: field("apply") }).click();
        await expect(page.getByRole("status").filter({ hasText: summary("promoApplied", { code }) })).toBeVisible();
        await expect(figures).toContainText(summary("discount", { code }));
        await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowClassPass") }).check();
        await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();
        await expect(page).toHaveURL(/\/demo\/me\?bought=1/);
        await expect(page.getByRole("region", { name: me("myPasses") })).toContainText(DEMO_PASS.name);

        const mads = await demoAttendeeApi("Mads Jensen");
        const orders = (await (await mads.get("/api/me/orders")).json()) as {
          productId: string;
          amount: number;
          discountAmount: number;
          status: string;
          receiptNumber: number | null;
          vatAmount: number | null;
        }[];
        await mads.dispose();
        const bought = orders.find((order) => order.productId === pass.productId && order.discountAmount > 0);
        expect(bought).toMatchObject({
          amount: DEMO_PASS.amount * 0.75,
          discountAmount: DEMO_PASS.amount * 0.25,
          status: "paid",
        });

        // Its receipt, from the member's page: a PDF download (the demo studio has VAT details).
        expect(bought!.receiptNumber).toEqual(expect.any(Number));
        expect(bought!.vatAmount).toBe((DEMO_PASS.amount * 0.75) / 5);
        const link = page
          .getByRole("region", { name: receipts("heading") })
          .getByRole("link", { name: receipts("receipt", { number: bought!.receiptNumber! }), exact: true });
        await expect(link).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await saveScreenshot(page, `${language}-phone-receipts`);
        const downloading = page.waitForEvent("download");
        await link.click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(`receipt-${bought!.receiptNumber}.pdf`);
        const response = await page.request.get((await link.getAttribute("href"))!);
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toBe("application/pdf");
        expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
      });
    });
  });
}
