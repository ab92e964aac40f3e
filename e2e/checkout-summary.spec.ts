import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, demoApi, ensureDemoPass } from "./support/demo-api";
import { dayHeading, dkkPattern, mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

// A member without a pass, on a phone in Danish: the class invites her to buy one, the passes page
// leads to the order summary (what it gives, the price, a promo code's discount, the total with VAT),
// she pays and lands back on the class with Book ready, and books it.
const language = "da";
test.use({ language, ...PHONE });

test.beforeAll(async () => {
  // From the seeded studio, where Anna Larsen has no pass and no bookings.
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
});

test("a member without a pass buys one from a class with a promo code, seeing the summary, and books the class", async ({
  page,
}) => {
  const demo = wordsOf(language, "DemoPanel");
  const schedule = wordsOf(language, "Schedule");
  const passesPage = wordsOf(language, "Passes");
  const summary = wordsOf(language, "OrderSummary");
  const field = wordsOf(language, "PromoCodeField");
  const refusal = wordsOf(language, "PromoCodeRefusal");
  const buyButton = wordsOf(language, "BuyButton");
  const publicClass = wordsOf(language, "PublicClass");
  const controls = wordsOf(language, "BookingControls");
  const shot = (name: string) => saveScreenshot(page, `${language}-phone-checkout-${name}`);

  const pass = await ensureDemoPass();
  const code = `VELKOMMEN-${Date.now().toString(36).toUpperCase()}`;
  const admin = await demoApi("administrator");
  const created = await admin.post("/api/promo-codes", {
    data: { code, percentOff: 25, productIds: [pass.productId], status: "active" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);

  // Next week's Wednesday: open for booking whatever the day today. Each class invites her to buy a pass.
  await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
  const wednesday = page
    .getByRole("main")
    .getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 2 }), language) });
  const invitation = wednesday
    .getByRole("link", { name: new RegExp(`^${literal(schedule("buyPassToBook"))}\\s*: `) })
    .first();
  await expect(invitation).toBeVisible();
  await expect(wednesday.getByText(schedule("noPass"))).toHaveCount(0);
  const classPath = decodeURIComponent((await invitation.getAttribute("href"))!.split("returnTo=")[1]!);
  expect(classPath).toMatch(/^\/demo\/classes\//);

  // The class page says the same, and its invitation leads to the passes.
  await page.goto(classPath);
  const classTitle = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  const booking = page.getByRole("complementary", { name: publicClass("booking") });
  await booking.getByRole("link", { name: new RegExp(`^${literal(schedule("buyPassToBook"))}\\s*: `) }).click();
  await expect(page.getByRole("heading", { level: 1, name: passesPage("title") })).toBeVisible();
  await page
    .getByRole("link", { name: new RegExp(`^${literal(passesPage("buyLabel", { label: `${DEMO_PASS.name}, ` }))}`) })
    .click();

  // The order summary: product, what it gives, the price, the total and the VAT in it, before any payment.
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  const order = page.getByRole("region", { name: DEMO_PASS.name });
  await expect(order).toContainText(summary("classes", { count: 10 }));
  await expect(order).toContainText(/Gyldigt til \d/);
  const figures = page.getByTestId("order-figures");
  await expect(figures).toContainText(summary("price"));
  await expect(figures).toContainText(dkkPattern(DEMO_PASS.amount));
  await expect(figures).toContainText(summary("vatIncluded"));
  await expect(page.getByText(summary("backToClassAfter"))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectNoSeriousA11yViolations(page);
  await shot("summary");

  // A mistyped code is refused in Danish and the total stays; the right one (any case) takes 25 % off.
  await page.getByLabel(field("question")).fill("VELKOMEN");
  await page.getByRole("button", { name: field("apply") }).click();
  await expect(page.getByRole("status").filter({ hasText: refusal("unknown") })).toBeVisible();
  await shot("summary-refused");
  await page.getByLabel(field("question")).fill(code.toLowerCase());
  await page.getByRole("button", { name: field("apply") }).click();
  await expect(page.getByRole("status").filter({ hasText: summary("promoApplied", { code }) })).toBeVisible();
  await expect(figures).toContainText(summary("discount", { code }));
  await expect(figures).toContainText(dkkPattern(DEMO_PASS.amount * 0.25));
  await expect(figures).toContainText(dkkPattern(DEMO_PASS.amount * 0.75));
  await expect(figures).toContainText(dkkPattern((DEMO_PASS.amount * 0.75) / 5)); // 25 % VAT included
  await expectNoSeriousA11yViolations(page);
  await shot("summary-discount");

  // Pay (the demo provider: at once) and land back on the class, with Book ready.
  const pay = page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) });
  await expect(pay).toContainText(dkkPattern(DEMO_PASS.amount * 0.75));
  await page.getByRole("checkbox", { name: wordsOf(language, "PurchaseRights")("startNowClassPass") }).check();
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`${literal(classPath)}\\?bought=1$`));
  await expect(page.getByText(publicClass("paidNowBook"))).toBeVisible();
  const book = booking.getByRole("button", {
    name: new RegExp(`^${literal(controls("book"))}: ${literal(classTitle)}`),
  });
  await expect(book).toBeVisible();
  await shot("back-on-class");
  await book.click();
  await expect(booking.getByText(controls("booked"), { exact: true })).toBeVisible();
  await expect(page.getByText(publicClass("paidNowBook"))).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot("booked");
});

test("a membership's summary says what is paid now, when it renews and what each period costs", async ({ page }) => {
  const demo = wordsOf(language, "DemoPanel");
  const passesPage = wordsOf(language, "Passes");
  const summary = wordsOf(language, "OrderSummary");
  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await page.goto("/demo/passes");
  await page
    .getByRole("link", { name: new RegExp(`^${literal(passesPage("buyLabel", { label: "Månedskort, " }))}`) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  const order = page.getByRole("region", { name: "Månedskort" });
  await expect(order).toContainText(summary("unlimited"));
  await expect(order).toContainText(/Fornyes automatisk \d/);
  await expect(page.getByTestId("order-figures")).toContainText(summary("totalNow"));
  await expect(order).toContainText(summary("cancelAnyTime"));
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${language}-phone-checkout-membership-summary`);
});
