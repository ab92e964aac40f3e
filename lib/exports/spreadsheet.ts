import "server-only";
// The exports a person opens in a spreadsheet ("CSV til Excel"): the machine-readable CSV's columns
// chosen and told in the reader's words. Headers in the page's language, codes as its words, instants
// on the studio's wall clock, amounts in the currency's major unit with the page's decimal mark.
// The machine-readable files (the plain CSV links, GET /exports/studio.zip) stay as they are: they
// import back.
import { minorUnitDigits } from "@/lib/format/money";
import { formatLocaleOf } from "@/lib/i18n/format-locale";
import type { Locale } from "@/lib/i18n/locales";
import { studioWallClock } from "@/lib/studio-time/wall-clock";
import type { CsvCell, CsvExport } from "@/lib/schemas/export";

/** Who reads the file: the page's language, and the studio's zone and locale tag. */
export type SheetReader = { language: Locale; timezone: string; studioLocale: string };

/**
 * One column of the spreadsheet: its header, the machine column it shows (`from`) and how:
 * `text` as it is, `instant` (ISO 8601 UTC) as "2026-12-02 19:30" on the studio's wall clock (a form
 * every spreadsheet reads as a date and time), `amount` (minor units; the currency from the column
 * `currency`) as "1200,00", `number` with the decimal mark, `word` through `words`.
 */
export type SheetColumn =
  | { header: string; from: string; as: "text" | "instant" | "amount" | "number" }
  | { header: string; from: string; as: "word"; words: (code: string) => string };

export function asSpreadsheet(csv: CsvExport, columns: SheetColumn[], reader: SheetReader): CsvExport {
  const at = new Map(csv.header.map((name, index) => [name, index]));
  const indexOf = (name: string) => {
    const index = at.get(name);
    if (index === undefined) throw new Error(`no column ${name}`);
    return index;
  };
  const sources = columns.map((column) => indexOf(column.from));
  const currencyAt = at.get("currency");
  const locale = formatLocaleOf(reader.language, reader.studioLocale);
  const cellOf = (column: SheetColumn, value: CsvCell, row: CsvCell[]): CsvCell => {
    if (value === null || value === "") return null;
    switch (column.as) {
      case "text":
        return value;
      case "word":
        return column.words(String(value));
      case "instant": {
        const { date, time } = studioWallClock(new Date(String(value)), reader.timezone);
        return `${date} ${time}`;
      }
      case "amount": {
        const digits = minorUnitDigits(String((currencyAt === undefined ? null : row[currencyAt]) ?? "DKK"));
        return decimal(Number(value) / 10 ** digits, locale, digits, digits);
      }
      case "number":
        return decimal(Number(value), locale, 0, 4);
    }
  };
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for await (const rows of csv.batches)
      yield rows.map((row) => columns.map((column, i) => cellOf(column, row[sources[i]!] ?? null, row)));
  }
  return { header: columns.map((column) => column.header), batches: batches() };
}

/** A number as a spreadsheet in the locale reads one: its decimal mark, no grouping, no currency sign. */
function decimal(value: number, locale: string, minimumFractionDigits: number, maximumFractionDigits: number): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits, maximumFractionDigits }).format(value);
}
