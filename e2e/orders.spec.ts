import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, demoApi, demoAttendeeApi, ensureDemoPass } from "./support/demo-api";
import { DESKTOP, PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, literal, wordsOf, type Language } from "./support/words";

// Issue 17: an administrator refunds an order from the dashboard's orders page (filtered, behind a
// confirmation), and manages a member's membership from the person's page. Each language has its own
// buyer, so that the two runs never meet in the shared demo studio.
const BUYER: Record<Language, string> = { da: "Freja Nielsen", en: "Lars Andersen" };
const MEMBER: Record<Language, string> = { da: "Sofie Pedersen", en: "Anna Larsen" };
const SELF_CANCELLER: Record<Language, string> = { da: "Emil Christensen", en: "Ida Holm" };
const MEMBERSHIP = { name: "Monthly membership (e2e)", amount: 59_900, currency: "DKK" } as const;

/** The attendee `name` buys `productId` at `priceId` (demo payments: paid at once); the order's and entitlement's ids. */
async function buy(name: string, productId: string, priceId: string) {
  const attendee = await demoAttendeeApi(name);
  try {
    const checkout = await attendee.post("/api/checkout", { data: { productId, priceId } });
    expect(checkout.status(), await checkout.text()).toBe(201);
    const body = (await checkout.json()) as { order: { id: string; userId: string }; entitlement: { id: string } };
    return { orderId: body.order.id, userId: body.order.userId, entitlementId: body.entitlement.id };
  } finally {
    await attendee.dispose();
  }
}

/** A monthly subscription product in the demo studio, created once per demo reset. */
async function ensureMembership(): Promise<{ productId: string; priceId: string }> {
  const admin = await demoApi("administrator");
  try {
    const products = (await (await admin.get("/api/products")).json()) as {
      id: string;
      name: string;
      status: string;
      prices: { id: string }[];
    }[];
    const existing = products.find((product) => product.name === MEMBERSHIP.name && product.status === "active");
    if (existing) return { productId: existing.id, priceId: existing.prices[0]!.id };
    const created = await admin.post("/api/products", {
      data: {
        type: "subscription",
        name: MEMBERSHIP.name,
        status: "active",
        prices: [{ amount: MEMBERSHIP.amount, currency: MEMBERSHIP.currency, interval: "month" }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { id: string; prices: { id: string }[] };
    return { productId: product.id, priceId: product.prices[0]!.id };
  } finally {
    await admin.dispose();
  }
}

/** A message with placeholders as a RegExp: `any` marks where a value goes (a formatted date, an amount). */
const ANY = "\u0000";
function shaped(message: string): RegExp {
  return new RegExp(literal(message).split(ANY).join(".+"));
}

/** A `YYYY-MM-DD` `days` after today (the browser's and the studio's zone are both Copenhagen). */
function daysFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(date);
}

for (const language of LANGUAGES) {
  test.describe(`in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...DESKTOP });

    test("an admin refunds an order", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const home = wordsOf(language, "DashboardHome");
      const nav = wordsOf(language, "DashboardNav");
      const words = wordsOf(language, "OrdersPage");
      const statuses = wordsOf(language, "Statuses");
      const refund = wordsOf(language, "RefundOrderForm");
      const pass = await ensureDemoPass();
      const { orderId } = await buy(BUYER[language], pass.productId, pass.priceId);

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await page
        .getByRole("navigation", { name: nav("label") })
        .getByRole("link", { name: nav("orders") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();

      // Only the pass's paid orders: the form is a GET, so the filter is in the address (and the CSV link).
      const filter = page.getByRole("search", { name: words("filterHeading") });
      await filter.getByLabel(words("status")).selectOption("paid");
      await filter.getByLabel(words("product")).selectOption({ label: DEMO_PASS.name });
      await filter.getByRole("button", { name: words("filter") }).click();
      await expect(page).toHaveURL(/status=paid/);
      await expect(page.getByRole("link", { name: words("exportCsv"), exact: true })).toHaveAttribute(
        "href",
        new RegExp(`^/api/exports/orders\\.csv\\?status=paid&productId=${pass.productId}$`),
      );

      const row = page.getByRole("row").filter({ has: page.locator(`a[href="/api/orders/${orderId}/receipt"]`) });
      await expect(row).toContainText(BUYER[language]);
      await expect(row).toContainText(statuses("orderPaid"));
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-desktop-orders`);

      // Refund…: a dialog names the buyer, the product, the amount and what follows; the reason is optional.
      await row.getByRole("button", { name: new RegExp(`^${literal(refund("refund"))}`) }).click();
      const dialog = page.getByRole("dialog", { name: refund("title") });
      await expect(dialog.getByText(refund("consequences"))).toBeVisible();
      await expect(dialog).toContainText(
        shaped(refund("summary", { amount: ANY, buyer: BUYER[language], product: DEMO_PASS.name, date: ANY })),
      );
      await dialog.getByLabel(refund("reason")).fill("e2e: changed plans");
      await saveScreenshot(page, `${language}-desktop-orders-refund`);
      await dialog.getByRole("button", { name: shaped(refund("confirm", { amount: ANY })) }).click();
      // It leaves the list of paid orders; the page says what happened.
      await expect(page.getByRole("status")).toContainText(
        shaped(words("refundedNotice", { amount: ANY, buyer: BUYER[language] })),
      );
      await expect(row).toHaveCount(0);
      await filter.getByLabel(words("status")).selectOption("refunded");
      await filter.getByRole("button", { name: words("filter") }).click();
      await expect(row).toContainText(statuses("orderRefunded"));
      await expect(row.getByText(refund("refund"))).toHaveCount(0);

      await page.setViewportSize(PHONE.viewport);
      await page.getByRole("link", { name: words("clearFilter") }).click();
      await expect(page).toHaveURL(/\/dashboard\/orders$/);
      await expect(filter.getByLabel(words("status"))).toHaveValue("");
      await saveScreenshot(page, `${language}-phone-orders`);
    });

    test("an admin pauses, resumes and cancels a membership, and sees revenue per product", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const home = wordsOf(language, "DashboardHome");
      const person = wordsOf(language, "PersonPage");
      const statuses = wordsOf(language, "Statuses");
      const controls = wordsOf(language, "MembershipControls");
      const membership = await ensureMembership();
      const { userId } = await buy(MEMBER[language], membership.productId, membership.priceId);

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await page.goto(`/dashboard/users/${userId}`);
      await expect(page.getByRole("heading", { level: 1, name: MEMBER[language] })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: MEMBERSHIP.name }).first();

      // A pause that ends before it starts is refused at its field; then a good one.
      await row.getByText(controls("pause")).click();
      await row.getByLabel(controls("from")).fill(daysFromToday(10));
      await row.getByLabel(controls("until")).fill(daysFromToday(5));
      await row.getByRole("button", { name: controls("confirmPause") }).click();
      await expect(row.getByText(wordsOf(language, "FieldErrors")("pause_end_not_after_start"))).toBeVisible();
      await row.getByLabel(controls("until")).fill(daysFromToday(20));
      await row.getByRole("button", { name: controls("confirmPause") }).click();
      await expect(row.getByText(shaped(statuses("pauseFromTo", { from: ANY, until: ANY })))).toBeVisible();
      await expect(
        row.getByRole("button", { name: controls("resumeLabel", { product: MEMBERSHIP.name }) }),
      ).toBeVisible();
      await saveScreenshot(page, `${language}-desktop-person-membership`);

      await row.getByRole("button", { name: controls("resumeLabel", { product: MEMBERSHIP.name }) }).click();
      await expect(row.getByText(controls("pause"))).toBeVisible();

      // The confirmation says until when it stays usable.
      const confirmed = page.waitForEvent("dialog").then(async (dialog) => {
        const message = dialog.message();
        await dialog.accept();
        return message;
      });
      await row.getByRole("button", { name: controls("cancelLabel", { product: MEMBERSHIP.name }) }).click();
      expect(await confirmed).toMatch(
        shaped(controls("confirmCancel", { person: MEMBER[language], product: MEMBERSHIP.name, date: ANY })),
      );
      await expect(row.getByText(shaped(person("endsOn", { date: ANY })))).toBeVisible();
      await expect(
        row.getByRole("button", { name: controls("cancelLabel", { product: MEMBERSHIP.name }) }),
      ).toHaveCount(0);

      await page.setViewportSize(PHONE.viewport);
      await page.reload();
      await saveScreenshot(page, `${language}-phone-person`);

      // The summary's revenue per product: a chart with its numbers as a table.
      await page.setViewportSize(DESKTOP.viewport);
      const summary = wordsOf(language, "SummaryPage");
      await page.goto("/dashboard/summary");
      await expect(page.getByRole("heading", { name: summary("revenueByProduct") })).toBeVisible();
      await expect(
        page.getByRole("img", { name: new RegExp(literal(summary("revenueByProductChart", { currency: "DKK" }))) }),
      ).toBeVisible();
      await saveScreenshot(page, `${language}-desktop-summary`);
    });

    test("a member cancels their own membership on My bookings", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const header = wordsOf(language, "StudioHeader");
      const me = wordsOf(language, "MyBookings");
      const cancel = wordsOf(language, "CancelMembership");
      const membership = await ensureMembership();
      await buy(SELF_CANCELLER[language], membership.productId, membership.priceId);

      await page.goto("/");
      await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: SELF_CANCELLER[language] });
      await page.getByRole("button", { name: demo("tryAttendee") }).click();
      await expect(page).toHaveURL(/\/demo$/);
      await page
        .getByRole("navigation", { name: header("navigation") })
        .getByRole("link", { name: header("myBookings") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: me("title") })).toBeVisible();

      const item = page.getByRole("listitem").filter({ hasText: MEMBERSHIP.name }).first();
      await item.getByText(cancel("cancel")).click();
      await expect(item).toContainText(shaped(cancel("stillUsable", { product: MEMBERSHIP.name, date: ANY })));
      await saveScreenshot(page, `${language}-desktop-my-membership-cancel`);
      await item.getByRole("button", { name: cancel("confirm") }).click();
      await expect(item).toContainText(shaped(me("cancelledEnds", { date: ANY })));
      await expect(item.getByText(cancel("cancel"))).toHaveCount(0);
    });
  });
}

test.describe("orders in pages, in Danish", () => {
  test.use({ language: "da", ...DESKTOP });

  test("an admin walks the orders 50 at a time, the filter kept from page to page", async ({ page }) => {
    const demo = wordsOf("da", "DemoPanel");
    const home = wordsOf("da", "DashboardHome");
    const words = wordsOf("da", "OrdersPage");
    await page.goto("/");
    await page.getByRole("button", { name: demo("tryAdmin") }).click();
    await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
    await page.goto("/dashboard/orders");
    await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
    const rows = page.locator("tbody tr");
    const pages = page.getByRole("navigation", { name: words("pages") });
    await expect(rows).toHaveCount(50);
    const newestFirst = await rows.first().textContent();

    await pages.getByRole("link", { name: words("older") }).click();
    await expect(page).toHaveURL(/[?&]after=/);
    await expect(rows.first()).not.toHaveText(newestFirst ?? "");
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(50);
    await saveScreenshot(page, "da-desktop-orders-older");
    await pages.getByRole("link", { name: words("newest") }).click();
    await expect(page).not.toHaveURL(/after=/);
    await expect(rows.first()).toHaveText(newestFirst ?? "");

    const filter = page.getByRole("search", { name: words("filterHeading") });
    await filter.getByLabel(words("status")).selectOption("paid");
    await filter.getByRole("button", { name: words("filter") }).click();
    await expect(page).toHaveURL(/status=paid/);
    const older = pages.getByRole("link", { name: words("older") });
    if ((await older.count()) > 0) {
      await older.click();
      await expect(page).toHaveURL(/status=paid.*after=/);
      await expect(filter.getByLabel(words("status"))).toHaveValue("paid");
    }
  });
});
