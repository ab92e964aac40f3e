// Settings › Import in Danish on a desktop: an administrator uploads a Mindbody client export with a
// few bad rows, maps a column the file names its own way, imports the good rows, sends the welcome
// emails, then imports the members' remaining class passes and finds a member with their pass.
import fs from "node:fs";
import path from "node:path";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";
import { wordsOf } from "./support/words";

const MINDBODY = fs.readFileSync(
  path.resolve(import.meta.dirname, "../tests/fixtures/imports/mindbody-clients.csv"),
  "utf8",
);

test.use({ language: "da" });

test("an administrator imports a Mindbody client export, fixes a column, imports and invites", async ({ page }) => {
  const nav = wordsOf("da", "DashboardNav");
  const words = wordsOf("da", "ImportSettings");
  const upload = wordsOf("da", "ImportUpload");
  await page.goto("/");
  await page.getByRole("button", { name: "Prøv som administrator" }).click();
  await expect(page.getByRole("heading", { level: 1, name: nav("overview") })).toBeVisible();
  await page
    .getByRole("navigation", { name: nav("label") })
    .getByRole("link", { name: nav("import") })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();
  await saveScreenshot(page, "import-upload-desktop-da");

  // the studio's own column "Kundenummer" holds nothing to import; "Noter" is theirs for notes
  const file = MINDBODY.replace("Client ID,", "Kundenummer,").replace(",Notes", ",Noter hos os");
  await page
    .getByLabel(upload("file"))
    .setInputFiles({ name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: upload("upload") }).click();
  await expect(page.getByRole("heading", { level: 1, name: words("previewTitle") })).toBeVisible();
  await expect(page.getByText("Genkendt som Mindbody: Personer.")).toBeVisible();
  await expect(page.getByText("E-mail: ikke en e-mailadresse")).toBeVisible();

  await page.getByLabel("Noter hos os").selectOption("notes");
  await page.getByRole("button", { name: words("checkAgain") }).click();
  await expect(page.getByText(words("columnsSaved"))).toBeVisible();
  await saveScreenshot(page, "import-preview-desktop-da");
  await expectNoSeriousA11yViolations(page);

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Importér 2 rækker" }).click();
  await expect(page.getByText("Importeret: 2 nye, 0 udfyldt, 0 uændrede.")).toBeVisible();
  await page.getByRole("button", { name: words("invite") }).click();
  await expect(page.getByText("2 velkomstmails er på vej.")).toBeVisible();
  await saveScreenshot(page, "import-committed-desktop-da");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "import-committed-phone-da");

  await page.setViewportSize({ width: 1280, height: 800 });

  // then the passes the members still hold, as Mindbody exports them (month first)
  const year = new Date().getFullYear() + 1;
  const expires = `12/31/${year}`;
  const passes = [
    "Client ID,Client Name,Email,Pricing Option,Remaining Visits,Expiration Date",
    `100001,Ida Holm,ida.holm@example.com,10-klippekort,7,${expires}`,
    `100002,Søren Jensen,soren.jensen@example.com,10-KLIPPEKORT,3,${expires}`,
    `100009,Ukendt Person,ukendt@example.com,10-klippekort,2,${expires}`,
  ].join("\r\n");
  await page.goto("/dashboard/settings/import");
  await page.getByLabel(upload("kind")).selectOption("passes");
  await page
    .getByLabel(upload("file"))
    .setInputFiles({ name: "passes.csv", mimeType: "text/csv", buffer: Buffer.from(passes) });
  await page.getByRole("button", { name: upload("upload") }).click();
  await expect(page.getByText("Genkendt som Mindbody: Klippekort.")).toBeVisible();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Importér 2 rækker" }).click();
  await expect(page.getByText("Importeret: 2 nye, 0 udfyldt, 0 uændrede.")).toBeVisible();

  await page.goto("/dashboard/users?q=ida.holm");
  // the demo has an Ida Holm of its own: the imported one is known by her address
  await page
    .getByRole("row")
    .filter({ hasText: "ida.holm@example.com" })
    .getByRole("link", { name: "Ida Holm" })
    .click();
  const passRow = page.getByRole("row").filter({ hasText: "10-klippekort" });
  await expect(passRow).toContainText("7");
  await expect(passRow).toContainText(`31. dec. ${year}`); // valid through the last day the file names
  await expect(passRow).toContainText(wordsOf("da", "PersonPage")("imported"));
  await saveScreenshot(page, "import-person-pass-desktop-da");
});
