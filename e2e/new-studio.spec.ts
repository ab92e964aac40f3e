import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";

test("a new studio signs up, follows its magic link and lands signed in", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const studio = `Lotus Dance ${stamp}`;
  const email = `owner.${stamp}@example.test`;

  await page.goto("/");
  await page.getByRole("link", { name: "Sign up your studio" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign up your studio" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "signup");

  // Invalid input is explained next to the field and nothing is created.
  await page.getByRole("textbox", { name: "Studio name" }).fill(studio);
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await page.getByRole("textbox", { name: "Your name" }).fill("Nora Vinter");
  await page.getByRole("button", { name: "Create studio" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please correct the marked fields.");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Create studio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`${studio} is ready.`)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "signup-check-email");

  // Demo mode shows the link on the page; it is the same link the email carries.
  const shown = page.getByRole("link", { name: "Open the sign-in link" });
  const mail = await waitForEmail({ to: email, subject: new RegExp(`^Sign in to ${studio}$`) });
  expect(await shown.getAttribute("href")).toBe(signInPath(mail));

  await shown.click();
  await expect(page).toHaveURL(/\/sign-in\/verify\?token=/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Signed in, on the dashboard (an administrator's landing), with a way to the studio's public page.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByRole("link", { name: studio })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Your public page" }).click();
  await expect(page).toHaveURL(new RegExp(`/lotus-dance-${stamp}$`));
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Your account" })).toHaveText(
    new RegExp(`Signed in as Nora Vinter at ${studio}\\.`),
  );
  await expect(page.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The email registered a moment ago cannot sign up again.
  await page.goto("/signup");
  await page.getByRole("textbox", { name: "Studio name" }).fill(`${studio} again`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Your name" }).fill("Nora Vinter");
  await page.getByRole("button", { name: "Create studio" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This email already has an account. Sign in to your studio instead.",
  );
});
