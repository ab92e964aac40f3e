// A person new to the demo studio, on a phone in Danish: taps "Book" on a class, creates a profile
// on the studio's sign-in page with their name, opens the emailed link and lands back on that class,
// signed in, where it invites them to buy a pass; buys one with a welcome code, seeing the order
// summary first, lands back on the class and books it. Classes are found by the page's structure.
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { DEMO_PASS, demoApi, ensureDemoPass } from "./support/demo-api";
import { dayHeading, dkkPattern, mondayOf } from "./support/demo-week";
import { PHONE } from "./support/devices";
import { signInPath, waitForEmail } from "./support/outbox";
import { saveScreenshot } from "./support/screenshot";
import { literal, wordsOf } from "./support/words";

test.use({ language: "da", ...PHONE });

let promoCode = "";

test.beforeAll(async () => {
  const pass = await ensureDemoPass();
  // A welcome code for the pass, as a studio hands one to new members.
  promoCode = `NY-${randomUUID().slice(0, 6).toUpperCase()}`;
  const admin = await demoApi("administrator");
  const created = await admin.post("/api/promo-codes", {
    data: { code: promoCode, percentOff: 20, productIds: [pass.productId], status: "active" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
});

test("a new person signs up from a class's Book on a phone, buys a pass with a promo code and books that class", async ({
  page,
}) => {
  const header = wordsOf("da", "StudioHeader");
  const schedule = wordsOf("da", "Schedule");
  const signIn = wordsOf("da", "SignIn");
  const form = wordsOf("da", "SignInForm");
  const verify = wordsOf("da", "VerifySignIn");
  const publicClass = wordsOf("da", "PublicClass");
  const passesPage = wordsOf("da", "Passes");
  const summary = wordsOf("da", "OrderSummary");
  const field = wordsOf("da", "PromoCodeField");
  const buyButton = wordsOf("da", "BuyButton");
  const controls = wordsOf("da", "BookingControls");
  const email = `freja-${randomUUID().slice(0, 8)}@example.com`;
  const shot = (name: string) => saveScreenshot(page, `da-phone-self-sign-up-${name}`);
  const fitsThePhone = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);

  // The schedule offers "Log ind eller opret profil" in its header, visible on the phone.
  const monday = mondayOf(1);
  await page.goto(`/demo?week=${monday.toISODate()}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "da");
  await expect(page.getByRole("banner").getByRole("link", { name: header("signIn") })).toBeInViewport();
  await fitsThePhone();
  await shot("1-schedule");

  // Next week's Wednesday: open for booking whatever today is. Its first class's "Log ind for at booke".
  const wednesday = page.getByRole("main").getByRole("region", { name: dayHeading(monday.plus({ days: 2 }), "da") });
  const book = wednesday.getByRole("link", { name: new RegExp(`^${literal(schedule("signInToBook"))}`) }).first();
  const href = (await book.getAttribute("href"))!;
  const classPath = new URL(href, "http://x").searchParams.get("returnTo")!;
  expect(classPath).toMatch(/^\/demo\/classes\/[^/?#]+$/);
  await book.click();

  // The studio's sign-in page: sign in or create a profile, starting with the email.
  await expect(page).toHaveURL(/\/sign-in\?account=demo&returnTo=/);
  await expect(page.getByRole("heading", { level: 1, name: signIn("signInOrSignUp") })).toBeVisible();
  await page.getByRole("textbox", { name: form("email") }).fill(email);
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("2-email");
  await page.getByRole("button", { name: form("submit") }).click();

  // Not a dead end: "Ny hos Demo Studio?" asks the name, and the date of birth with why.
  const newHere = page.getByRole("region", { name: form("newHere", { studio: "Demo Studio" }) });
  await expect(newHere).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(form("sent"));
  await expect(newHere).toContainText(form("dateOfBirthWhy"));
  await newHere.getByRole("textbox", { name: form("name") }).fill("Freja Lund");
  await newHere.getByLabel(form("dateOfBirth")).fill("1994-03-12");
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("3-new-here");
  const since = new Date();
  await newHere.getByRole("button", { name: form("create") }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(form("registered", { email }));
  await shot("4-check-email");

  // The email is Danish and its link carries the class back.
  const mail = await waitForEmail({ to: email, subject: /^Log ind på Demo Studio$/, since });
  expect(mail.locale).toBe("da");
  const link = signInPath(mail);
  expect(new URL(link, "http://x").searchParams.get("returnTo")).toBe(classPath);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: verify("title") })).toBeVisible();
  await shot("5-verify");
  await page.getByRole("button", { name: verify("signIn") }).click();

  // Back on the class, signed in; with no pass yet, the class invites them to buy one.
  await expect(page).toHaveURL(new RegExp(`${literal(classPath)}$`));
  await expect(page.getByRole("banner").getByRole("button", { name: header("signOut") })).toBeVisible();
  const classTitle = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  const booking = page.getByRole("complementary", { name: publicClass("booking") });
  const invitation = booking.getByRole("link", { name: new RegExp(`^${literal(schedule("buyPassToBook"))}\\s*: `) });
  await expect(invitation).toBeVisible();
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("6-class-signed-in");

  // The pass, its summary before paying, a promo code's discount in the total, then pay.
  await invitation.click();
  await page
    .getByRole("link", { name: new RegExp(`^${literal(passesPage("buyLabel", { label: `${DEMO_PASS.name}, ` }))}`) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: summary("title") })).toBeVisible();
  const figures = page.getByTestId("order-figures");
  await expect(figures).toContainText(dkkPattern(DEMO_PASS.amount));
  await page.getByLabel(field("question")).fill(promoCode.toLowerCase());
  await page.getByRole("button", { name: field("apply") }).click();
  await expect(figures).toContainText(summary("discount", { code: promoCode }));
  await expect(figures).toContainText(dkkPattern(DEMO_PASS.amount * 0.8));
  await expect(figures).toContainText(summary("vatIncluded"));
  await fitsThePhone();
  await shot("7-summary-with-code");
  await page.getByRole("checkbox", { name: wordsOf("da", "PurchaseRights")("startNowClassPass") }).check();
  await page.getByRole("button", { name: new RegExp(`^${literal(buyButton("pay", { total: "" }))}`) }).click();

  // Back on the class with Book ready; booked.
  await expect(page).toHaveURL(new RegExp(`${literal(classPath)}\\?bought=1$`));
  await booking
    .getByRole("button", { name: new RegExp(`^${literal(controls("book"))}: ${literal(classTitle)}`) })
    .click();
  await expect(booking.getByText(controls("booked"), { exact: true })).toBeVisible();
  await fitsThePhone();
  await expectNoSeriousA11yViolations(page);
  await shot("8-booked");
});

test("a pass's sign-in link returns to that price's summary, the header's to the passes", async ({ page }) => {
  const passes = wordsOf("da", "Passes");
  await page.goto("/demo/passes");
  const buy = page.getByRole("link", { name: new RegExp(`^${literal(passes("signInToBuy"))}`) }).first();
  const back = new URL((await buy.getAttribute("href"))!, "http://x").searchParams.get("returnTo");
  expect(back).toMatch(/^\/demo\/passes\/[^/?#]+\?price=[^&#]+$/);
  const header = wordsOf("da", "StudioHeader");
  const headerLink = page.getByRole("banner").getByRole("link", { name: header("signIn") });
  expect(new URL((await headerLink.getAttribute("href"))!, "http://x").searchParams.get("returnTo")).toBe(
    "/demo/passes",
  );
});
