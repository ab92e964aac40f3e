import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";

const IDA = "ida.holm@demo.studio-booking.test";

test("a demo attendee signs in with an emailed link", async ({ page }) => {
  const since = new Date();
  await page.goto("/sign-in?account=demo");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in or create a profile" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "sign-in");

  await page.getByRole("textbox", { name: "Email" }).fill(IDA);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/Check your email/);
  await expectNoSeriousA11yViolations(page);

  // The page was English (the switcher's choice), so the link comes in English, though the studio is Danish.
  const mail = await waitForEmail({ to: IDA, subject: /^Sign in to Demo Studio$/, since });
  expect(mail.locale).toBe("en");
  await page.goto(signInPath(mail));
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Signed in, on the studio's own pages.
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Your account" })).toHaveText(/Signed in as Ida Holm at Demo Studio\./);

  // The link works once.
  await page.goto(signInPath(mail));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("This sign-in link is used or expired.");
});
