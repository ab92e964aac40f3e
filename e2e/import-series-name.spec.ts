// Settings › Import in Danish on a desktop, switching from Mindbody without dead ends (issue 45 §5):
// an administrator imports two members with their phones and notes, then their class passes from
// Mindbody's export whose product column is "Series Name". The mapping step shows that column as the
// product, the row with errors downloads in Danish, the good rows are imported, and the member's page
// has the pass and a phone number the desk can call.
import fs from "node:fs";
import path from "node:path";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshot";
import { expect, test } from "./support/test";
import { wordsOf } from "./support/words";

const SERIES = fs.readFileSync(path.resolve(import.meta.dirname, "../tests/fixtures/imports/mindbody-series.csv"), "utf8");

test.use({ language: "da" });

test("an administrator maps and imports a Mindbody passes file whose product column is Series Name", async ({ page }) => {
  const nav = wordsOf("da", "DashboardNav");
  const words = wordsOf("da", "ImportSettings");
  const upload = wordsOf("da", "ImportUpload");
  const person = wordsOf("da", "PersonPage");
  // addresses of this run only: the demo studio is the server's, and another journey imports the fixture's
  const run = Date.now().toString(36);
  const ida = `ida.series.${run}@example.com`;
  const soren = `soren.series.${run}@example.com`;

  await page.goto("/");
  await page.getByRole("button", { name: "Prøv som administrator" }).click();
  await expect(page.getByRole("heading", { level: 1, name: nav("overview") })).toBeVisible();
  await page
    .getByRole("navigation", { name: nav("label") })
    .getByRole("link", { name: nav("import") })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: words("title") })).toBeVisible();

  // first the members, with the phone and notes Mindbody holds for them
  const people = [
    "Client ID,First Name,Last Name,Email,Mobile Phone,Notes",
    `100001,Ida,Serie,${ida},+45 20 12 34 56,Ringer før hun kommer`,
    `100002,Søren,Serie,${soren},+45 31 22 11 00,`,
  ].join("\r\n");
  await page
    .getByLabel(upload("file"))
    .setInputFiles({ name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(people) });
  await page.getByRole("button", { name: upload("upload") }).click();
  await expect(page.getByText("Genkendt som Mindbody: Personer.")).toBeVisible();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Importér 2 rækker" }).click();
  await expect(page.getByText("Importeret: 2 nye, 0 udfyldt, 0 uændrede.")).toBeVisible();

  // then their passes, as Mindbody's client series export names the product: "Series Name"
  const passes = SERIES.replace("ida.holm@example.com", ida).replace("soren.jensen@example.com", soren);
  await page.goto("/dashboard/settings/import");
  await page.getByLabel(upload("kind")).selectOption("passes");
  await page
    .getByLabel(upload("file"))
    .setInputFiles({ name: "series.csv", mimeType: "text/csv", buffer: Buffer.from(passes) });
  await page.getByRole("button", { name: upload("upload") }).click();
  await expect(page.getByRole("heading", { level: 1, name: words("previewTitle") })).toBeVisible();
  await expect(page.getByText("Genkendt som Mindbody: Klippekort.")).toBeVisible();

  // the mapping step: Series Name is the product, Remaining the classes left, Expiration Date the end
  const columns = page.getByRole("region", { name: words("columnsHeading") });
  await expect(columns.getByLabel("Series Name")).toHaveValue("product");
  await expect(columns.getByLabel("Remaining", { exact: true })).toHaveValue("remainingClasses");
  await expect(columns.getByLabel("Expiration Date")).toHaveValue("validUntil");
  await expect(columns.getByLabel("Payment Date")).toHaveValue("");
  await page.getByRole("button", { name: words("checkAgain") }).click();
  await expect(page.getByText(words("columnsSaved"))).toBeVisible();
  await expect(page.getByText("E-mail: ikke en e-mailadresse")).toBeVisible();
  await saveScreenshot(page, "import-series-name-preview-desktop-da");
  await expectNoSeriousA11yViolations(page);

  // the row with errors, to fix in a spreadsheet: in Danish, as the page is
  const invalid = await page.getByRole("link", { name: words("downloadInvalid") }).getAttribute("href");
  const csv = await (await page.request.get(invalid!)).text();
  const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(header).toMatch(/;Series Name;.*;Fejl$/);
  expect(row).toMatch(/;E-mail: ikke en e-mailadresse$/);

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Importér 2 rækker" }).click();
  await expect(page.getByText("Importeret: 2 nye, 0 udfyldt, 0 uændrede.")).toBeVisible();

  // Ida's page: her pass, her phone to call and the studio's note
  await page.goto(`/dashboard/users?q=${encodeURIComponent(ida)}`);
  await page.getByRole("link", { name: "Ida Serie" }).click();
  const passRow = page.getByRole("row").filter({ hasText: "10-klippekort" });
  await expect(passRow).toContainText("7");
  await expect(passRow).toContainText("31. dec. 2099");
  const contact = page.getByRole("region", { name: person("contactHeading") });
  await expect(contact.getByRole("link", { name: "+45 20 12 34 56" })).toHaveAttribute("href", "tel:+4520123456");
  await expect(contact.getByRole("definition").getByText("Ringer før hun kommer")).toBeVisible();
  await saveScreenshot(page, "import-series-name-person-desktop-da");

  // the desk takes down her new number
  await contact.getByText(person("editContact")).click();
  await contact.getByLabel(person("phone")).fill("+45 40 50 60 70");
  await contact.getByRole("button", { name: person("saveContact") }).click();
  await expect(page.getByText(wordsOf("da", "UsersActions")("contactSaved"))).toBeVisible();
  await expect(contact.getByRole("link", { name: "+45 40 50 60 70" })).toHaveAttribute("href", "tel:+4540506070");
});
