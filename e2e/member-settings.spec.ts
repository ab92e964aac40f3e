import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoAttendeeApi, ensureDemoPass, upcomingDemoClass } from "./support/demo-api";
import { PHONE } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { LANGUAGES, wordsOf } from "./support/words";

const IDA = "Ida Holm";

for (const language of LANGUAGES) {
  test.describe(`on a phone, in ${language === "da" ? "Danish" : "English"}`, () => {
    test.use({ language, ...PHONE });

    test("an attendee gets a calendar link that serves their bookings, replaces it, and switches reminders off and on", async ({ page }) => {
      const demo = wordsOf(language, "DemoPanel");
      const calendar = wordsOf(language, "MyCalendar");
      const reminders = wordsOf(language, "MyReminders");

      // Arrange: Ida holds a pass and a booking of an upcoming class.
      const ida = await demoAttendeeApi(IDA);
      expect((await ida.post("/api/checkout", { data: await ensureDemoPass() })).status()).toBe(201);
      const { instance, title } = await upcomingDemoClass(3);
      const booked = await ida.post("/api/bookings", { data: { instanceId: instance.id } });
      expect([201, 409], await booked.text()).toContain(booked.status()); // 409: booked by the other language's run
      await ida.dispose();

      await page.goto("/");
      await page.getByRole("combobox", { name: demo("attendee") }).selectOption({ label: IDA });
      await page.getByRole("button", { name: demo("tryAttendee") }).click();
      await expect(page).toHaveURL(/\/demo$/);
      await page.goto("/demo/me");
      await page.getByRole("link", { name: calendar("show") }).click();
      const link = page.getByRole("textbox", { name: calendar("link") });
      await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
      await expect(page.getByRole("link", { name: calendar("subscribe") })).toHaveAttribute("href", /^webcal:\/\//);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${language}-phone-calendar-link`);

      const url = await link.inputValue();
      const feed = await page.request.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const text = (await feed.text()).replace(/\r\n /g, "");
      expect(text).toContain(`SUMMARY:${title}`);

      // Shared by mistake: a new link, and the old one stops answering.
      await page.getByRole("button", { name: calendar("renew") }).click();
      await expect(page.getByText(calendar("renewed"))).toBeVisible();
      await expect(link).not.toHaveValue(url);
      expect((await page.request.get(url)).status()).toBe(404);
      expect((await page.request.get(await link.inputValue())).status()).toBe(200);

      // Reminder emails: off, then on again.
      await page.getByRole("button", { name: reminders("turnOff") }).click();
      await expect(page.getByText(reminders("turnedOff"))).toBeVisible();
      await expect(page.getByText(reminders("off"))).toBeVisible();
      await page.getByRole("button", { name: reminders("turnOn") }).click();
      await expect(page.getByText(reminders("turnedOn"))).toBeVisible();
      await expect(page.getByText(reminders("on", { hours: 24 }))).toBeVisible();
    });
  });
}
