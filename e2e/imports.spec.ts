// Settings › Import in Danish on a desktop: an administrator uploads a Mindbody client export with a
// few bad rows, maps a column the file names its own way, imports the good rows, sends the welcome
// emails, and finds an imported member among the studio's people.
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

  await page.goto("/dashboard/users?q=ida.holm");
  await expect(page.getByText("ida.holm@example.com")).toBeVisible();
});
