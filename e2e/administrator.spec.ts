import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoAttendeeApi, ensureDemoPass, upcomingDemoClass } from "./support/demo-api";
import { inThisWeek } from "./support/demo-week";
import { DESKTOP } from "./support/devices";
import { waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, literal, wordsOf } from "./support/words";

// An attendee whom the demo fixture gives no pass and no bookings.
const EMIL = { name: "Emil Christensen", email: "emil.christensen@demo.studio-booking.test" };

for (const language of LANGUAGES) {
  test.describe(`on a desktop, in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...DESKTOP });

    test("an administrator cancels a class from the calendar and its attendee is emailed", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const nav = wordsOf(language, "DashboardNav");
      const home = wordsOf(language, "DashboardHome");
      const calendar = wordsOf(language, "Calendar");
      const actions = wordsOf(language, "InstanceActions");
      const status = wordsOf(language, "StatusBadge");
      const shot = (name: string) => saveScreenshot(page, `${language}-desktop-${name}`);

      // Arrange: Emil buys a pass (demo provider) and takes a place in an upcoming class.
      const pass = await ensureDemoPass();
      const { instance, title } = await upcomingDemoClass(3);
      const emil = await demoAttendeeApi(EMIL.name);
      const checkout = await emil.post("/api/checkout", { data: pass });
      expect(checkout.status(), await checkout.text()).toBe(201);
      const booked = await emil.post("/api/bookings", { data: { instanceId: instance.id } });
      expect(booked.status(), await booked.text()).toBe(201);
      expect(((await booked.json()) as { status: string }).status).toBe("confirmed");
      await emil.dispose();
      const since = new Date();

      await page.goto("/");
      await page.getByRole("button", { name: demo("tryAdmin") }).click();
      await expect(page.getByRole("heading", { level: 1, name: home("title") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectNoSeriousA11yViolations(page);
      await shot("overview");
      await page
        .getByRole("navigation", { name: nav("label") })
        .getByRole("link", { name: nav("calendar") })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: calendar("title") })).toBeVisible();
      if (!inThisWeek(instance.startsAt)) {
        await page
          .getByRole("navigation", { name: calendar("weeks") })
          .getByRole("link", { name: calendar("nextWeek") })
          .click();
        await expect(page).toHaveURL(/week=/);
      }
      await expectNoSeriousA11yViolations(page);
      await shot("calendar");

      // The class sits in the week grid; clicking it opens its panel, where the desk cancels it.
      const block = page.getByRole("main").locator(`a[href*="class=${instance.id}"]`);
      await expect(block).toContainText(title);
      await block.click();
      const panel = page.getByRole("complementary", { name: title });
      await expect(panel).toContainText(status("scheduled"));
      await expect(panel.getByRole("heading", { name: title })).toBeFocused();
      page.once("dialog", (dialog) => {
        expect(dialog.message()).toBe(actions("confirmCancel", { title }));
        void dialog.accept();
      });
      await panel.getByRole("button", { name: actions("cancelClass") }).click();
      await expect(panel).toContainText(status("cancelled"));
      await expect(panel.getByRole("button", { name: actions("restore") })).toBeVisible();
      await expect(block).toContainText(calendar("cancelledShort"));
      await expectNoSeriousA11yViolations(page);
      await shot("calendar-panel");

      // Emil chose no language of his own: the email speaks the demo studio's (da-DK), whatever the administrator reads.
      const subject = wordsOf("da", "BookingClassCancelledEmail")("subject", { title, when: "" });
      const email = await waitForEmail({ to: EMIL.email, subject: new RegExp(`^${literal(subject)}`), since });
      expect(email.locale).toBe("da");
      expect(email.text).toContain(title);
    });
  });
}
