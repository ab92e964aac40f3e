import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { demoAttendeeApi, ensureDemoPass, upcomingDemoClass } from "./support/demo-api";
import { inThisWeek } from "./support/demo-week";
import { waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";

// An attendee whom the demo fixture gives no pass and no bookings.
const EMIL = { name: "Emil Christensen", email: "emil.christensen@demo.studio-booking.test" };

test("an administrator cancels a class from the calendar and its attendee is emailed", async ({ page }) => {
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
  await page.getByRole("button", { name: "Try as administrator" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  if (!inThisWeek(instance.startsAt)) {
    await page.getByRole("navigation", { name: "Weeks" }).getByRole("link", { name: "Next week →" }).click();
    await expect(page).toHaveURL(/week=/);
  }
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "dashboard-calendar");

  const item = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="/dashboard/classes/${instance.id}"]`) });
  await expect(item).toContainText("scheduled");
  await item.getByText(`Change ${title}`).click();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(`Cancel ${title}? Its bookings are cancelled and the attendees emailed.`);
    void dialog.accept();
  });
  await item.getByRole("button", { name: "Cancel class" }).click();
  await expect(item).toContainText("cancelled");
  await expect(item.getByRole("button", { name: "Restore" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Emil chose no language of his own: the email speaks the demo studio's (da-DK), whatever the administrator reads.
  const email = await waitForEmail({ to: EMIL.email, subject: new RegExp(`^Hold aflyst: ${title}, `), since });
  expect(email.locale).toBe("da");
  expect(email.text).toContain(title);
});
