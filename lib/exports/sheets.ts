import "server-only";
// people.csv and orders.csv as a person opens them in a spreadsheet (`?language=`): the columns a
// reader wants, in their words (spreadsheet.ts). The ids stay in the machine-readable files.
import type { TenantDb } from "@/lib/db/tenant-db";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { CsvExport } from "@/lib/schemas/export";
import { asSpreadsheet, type SheetColumn, type SheetReader } from "./spreadsheet";

/** The reader of a studio's spreadsheet: the page's language, the studio's zone and locale. */
export async function sheetReader(db: TenantDb, accountId: string, language: Locale): Promise<SheetReader> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { timezone: true, locale: true },
  });
  return { language, timezone: account.timezone, studioLocale: account.locale };
}

const wordsOf = (words: Record<string, string>) => (code: string) => words[code] ?? code;

export function peopleSheet(csv: CsvExport, reader: SheetReader): CsvExport {
  const t = translatorFor(reader.language, "SpreadsheetExports");
  const columns: SheetColumn[] = [
    { header: t("name"), from: "displayName", as: "text" },
    { header: t("email"), from: "email", as: "text" },
    { header: t("phone"), from: "phone", as: "text" },
    {
      header: t("role"),
      from: "persona",
      as: "word",
      words: wordsOf({ attendee: t("attendee"), teacher: t("teacher"), administrator: t("administrator") }),
    },
    {
      header: t("status"),
      from: "status",
      as: "word",
      words: wordsOf({ active: t("statusActive"), invited: t("statusInvited"), disabled: t("statusDisabled") }),
    },
    { header: t("dateOfBirth"), from: "dateOfBirth", as: "text" },
    { header: t("notes"), from: "notes", as: "text" },
  ];
  return asSpreadsheet(csv, columns, reader);
}

export function ordersSheet(csv: CsvExport, reader: SheetReader): CsvExport {
  const t = translatorFor(reader.language, "SpreadsheetExports");
  const tStatus = translatorFor(reader.language, "Statuses");
  const columns: SheetColumn[] = [
    { header: t("createdAt"), from: "createdAt", as: "instant" },
    { header: t("paidAt"), from: "paidAt", as: "instant" },
    {
      header: t("status"),
      from: "status",
      as: "word",
      words: wordsOf({
        paid: tStatus("orderPaid"),
        pending: tStatus("orderPending"),
        failed: tStatus("orderFailed"),
        refunded: tStatus("orderRefunded"),
      }),
    },
    {
      header: t("provider"),
      from: "provider",
      as: "word",
      words: wordsOf({
        demo: t("providerDemo"),
        desk: t("providerDesk"),
        stripe: t("providerStripe"),
        mobilepay: t("providerMobilepay"),
      }),
    },
    { header: t("buyer"), from: "userName", as: "text" },
    { header: t("buyerEmail"), from: "userEmail", as: "text" },
    { header: t("product"), from: "productName", as: "text" },
    { header: t("amount"), from: "amount", as: "amount" },
    { header: t("currency"), from: "currency", as: "text" },
    { header: t("vatRate"), from: "vatRate", as: "number" },
    { header: t("vatAmount"), from: "vatAmount", as: "amount" },
  ];
  return asSpreadsheet(csv, columns, reader);
}
