import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { dayHeading, mondayOf } from "./support/demo-week";
import { signInPath, waitForEmail } from "./support/outbox";
import { literal, wordsOf } from "./support/words";

// Ida Holm: the demo fixture gives her a 10-klippekort.
const IDA = "ida.holm@demo.studio-booking.test";

/** Presses Tab until `target` has the focus, as someone without a mouse would (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with Tab within ${max} presses`).toBeFocused();
}

test("with the keyboard alone an attendee signs in, books a class and cancels it", async ({ page }) => {
  const signIn = wordsOf("en", "SignInForm");
  const verify = wordsOf("en", "VerifySignIn");
  const controls = wordsOf("en", "BookingControls");
  const header = wordsOf("en", "StudioHeader");
  const since = new Date();

  await page.goto("/sign-in?account=demo");
  await tabTo(page, page.getByRole("textbox", { name: signIn("email") }));
  await page.keyboard.type(IDA);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main").getByRole("status")).toHaveText(signIn("sent"));

  // The emailed link opens the confirmation page; Tab to its button and press Enter.
  const mail = await waitForEmail({ to: IDA, since });
  await page.goto(signInPath(mail));
  await tabTo(page, page.getByRole("button", { name: verify("signIn") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole("banner").getByRole("button", { name: header("signOut") })).toBeVisible();

  // Next week's Wednesday: open for booking and outside the cancellation window whatever the day today.
  await page.goto(`/demo?week=${mondayOf(1).toISODate()}`);
  const wednesday = page
    .getByRole("main")
    .getByRole("region", { name: dayHeading(mondayOf(1).plus({ days: 2 }), "en") });
  const book = wednesday.getByRole("button", { name: new RegExp(`^${literal(controls("book"))}: `) }).first();
  const label = (await book.getAttribute("aria-label"))!.slice(`${controls("book")}: `.length);
  await tabTo(page, book);
  await expect(book).toBeFocused();
  await page.keyboard.press("Enter");
  const cancel = page.getByRole("button", { name: `${controls("cancelBooking")}: ${label}` });
  await expect(cancel).toBeVisible();

  // The dialog opens on Enter, closes on Escape with the focus back on its button, and confirms on Enter.
  await tabTo(page, cancel);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: controls("cancelTitle") });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: controls("cancelBooking") }), 10);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `${controls("book")}: ${label}` })).toBeVisible();
  await expect(cancel).toHaveCount(0);
});
