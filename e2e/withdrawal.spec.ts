// The withdrawal function (issue 46 §2) as a member meets it, in Danish on a phone: she buys a
// 10-klip pass asking to start at once, uses two classes, withdraws from the footer's "Fortryd
// aftalen her", is refunded the eight klip left and gets the acknowledgment by email.
import { request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, demoApi, ensureDemoPass } from "./support/demo-api";
import { dkkPattern } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { literal, wordsOf } from "./support/words";

const language = "da";
/** How long from now the two classes start: time to book them, then they have started (used: FAL §22). */
const STARTS_IN_MS = [50_000, 55_000];

test.use({ language, ...PHONE });

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  expect((await api.post("/api/demo-auth/reset")).status()).toBe(204);
  await api.dispose();
  await ensureDemoPass();
});

/** Two one-off classes of the demo studio starting within the minute, as the desk adds them. */
async function twoClassesAboutToStart(): Promise<{ ids: string[]; startsAt: Date[] }> {
  const admin = await demoApi("administrator");
  try {
    const startsAt = STARTS_IN_MS.map((ms) => new Date(Date.now() + ms));
    const ids: string[] = [];
    for (const [index, start] of startsAt.entries()) {
      const event = await admin.post("/api/events", {
        data: { title: `Morgenyoga ${index + 1}`, durationMinutes: 60, capacity: 12, startsAt: start.toISOString() },
      });
      expect(event.status(), await event.text()).toBe(201);
      const { id: eventId } = (await event.json()) as { id: string };
      const around = (offset: number) => encodeURIComponent(new Date(start.getTime() + offset).toISOString());
      const instances = (await (await admin.get(`/api/instances?from=${around(-60_000)}&to=${around(60_000)}`)).json()) as {
        id: string;
        eventId: string;
      }[];
      ids.push(instances.find((instance) => instance.eventId === eventId)!.id);
    }
    return { ids, startsAt };
  } finally {
    await admin.dispose();
  }
}

test("a member buys a 10-klip pass to start at once, uses two classes, withdraws from the footer and is refunded 8 klip", async ({
  page,
}) => {
  test.setTimeout(360_000);
  const demo = wordsOf(language, "DemoPanel");
  const passesPage = wordsOf(language, "Passes");
  const summary = wordsOf(language, "OrderSummary");
  const buyButton = wordsOf(language, "BuyButton");
  const rights = wordsOf(language, "PurchaseRights");
  const classPage = wordsOf(language, "PublicClass");
  const controls = wordsOf(language, "BookingControls");
  const pages = wordsOf(language, "WithdrawalPages");
  const form = wordsOf(language, "WithdrawForm");
  const shot = (name: string) => saveScreenshot(page, `${language}-phone-withdrawal-${name}`);

  await page.goto("/");
  await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: "Anna Larsen" });
  await page.getByRole("button", { name: demo("tryAttendee") }).click();
  await expect(page).toHaveURL(/\/demo$/);

  // Buy the pass, ticking the box to use it at once (else a withdrawal refunds it whole).
  await page.goto("/demo/passes");
  await page.getByRole("link", { name: new RegExp(`^${literal(passesPage("buyLabel", { label: `${DEMO_PASS.name}, ` }))}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  await page.getByRole("checkbox", { name: rights("startNowClassPass") }).check();
  await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();
  await expect(page).toHaveURL(/\/demo\/me\?bought=1$/);
  // Beside the order on her page, the way to withdraw from it.
  await expect(page.getByRole("link", { name: new RegExp(`^${literal(pages("footerLink"))} \\(${literal(DEMO_PASS.name)}\\)`) })).toHaveAttribute(
    "href",
    /^\/demo\/fortryd\?order=/,
  );

  // Book two classes that start within the minute, then let them start: two klip used.
  const classes = await twoClassesAboutToStart();
  for (const id of classes.ids) {
    await page.goto(`/demo/classes/${id}`);
    const booking = page.getByRole("complementary", { name: classPage("booking") });
    await booking.getByRole("button", { name: new RegExp(`^${literal(controls("book"))}: `) }).click();
    await expect(booking.getByRole("button", { name: new RegExp(`^${literal(controls("cancelBooking"))}: `) })).toBeVisible();
  }
  const lastStart = Math.max(...classes.startsAt.map((start) => start.getTime()));
  await page.waitForTimeout(Math.max(0, lastStart - Date.now() + 2_000));

  // From the footer of any page of the studio: "Fortryd aftalen her".
  await page.goto("/demo");
  await page.getByRole("contentinfo").getByRole("link", { name: pages("footerLink") }).click();
  await expect(page).toHaveURL(/\/demo\/fortryd$/);
  await expect(page.getByRole("heading", { level: 1, name: pages("title") })).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(`^${literal(DEMO_PASS.name)}`) }).check();
  await expectNoSeriousA11yViolations(page);
  await shot("choose");
  await page.getByRole("button", { name: form("continue") }).click();

  // Bekræft fortrydelse: two of ten klip used (240 kr.), 960 kr. back; nothing else is asked.
  await expect(page.getByRole("heading", { level: 2, name: form("confirmHeading") })).toBeVisible();
  const figures = page.getByRole("main").locator("dl");
  await expect(figures).toContainText(dkkPattern(24_000));
  await expect(figures).toContainText(dkkPattern(96_000));
  await expect(page.getByRole("main")).toContainText(/2 af 10 klip brugt/);
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot("confirm");
  const confirmedAfter = new Date();
  await page.getByRole("button", { name: form("confirm") }).click();

  // The acknowledgment: when it was received, the refund, and that it was emailed.
  await expect(page.getByRole("heading", { level: 2, name: form("doneHeading") })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/Modtaget .+ kl\. \d{2}\.\d{2}\./);
  await expect(page.getByRole("main")).toContainText(dkkPattern(96_000));
  const emailed = await page.getByText(/^Vi har sendt en bekræftelse til /).textContent();
  const address = /til (\S+)\.$/.exec(emailed ?? "")![1]!;
  await expectNoSeriousA11yViolations(page);
  await shot("received");

  const acknowledgment = await waitForEmail({ to: address, subject: /^Vi har modtaget din fortrydelse/, since: confirmedAfter });
  expect(acknowledgment.locale).toBe("da");
  expect(acknowledgment.text).toMatch(dkkPattern(96_000));
  expect(acknowledgment.text).toContain("2 af 10 klip brugt");

  // The purchase can no longer be withdrawn: her page offers it no more.
  await page.goto("/demo/me");
  await expect(page.getByRole("link", { name: new RegExp(`^${literal(pages("footerLink"))} \\(`) })).toHaveCount(0);
});
