import "server-only";
import { stringify } from "csv-stringify/sync";
import type { CsvExport } from "@/lib/schemas/export";

const BOM = "\uFEFF";

/**
 * The text of one CSV export in our dialect, a batch at a time (the next query runs when the text
 * before it was taken): UTF-8 with a byte order mark (so that Excel reads "Søren" as UTF-8), the
 * header, then the rows. RFC 4180 records (CRLF, fields with the delimiter, quotes or line breaks
 * quoted, quotes doubled); cells that a spreadsheet would run as formulas (=, +, -, @, tab, CR
 * first) are prefixed with an apostrophe (csv-stringify `escape_formulas`; an import reads them back through formula-escape.ts). `onRows` hears how many
 * rows each batch held.
 */
export async function* csvText(
  csv: CsvExport,
  delimiter: string,
  onRows: (count: number) => void = () => {},
): AsyncGenerator<string> {
  // quote_record_delimiter: a field holding \n or \r alone is quoted too (csv-stringify turns that off
  // once record_delimiter is given, which RFC 4180 does not allow)
  const options = { delimiter, record_delimiter: "windows" as const, quote_record_delimiter: true, escape_formulas: true };
  yield BOM + stringify([csv.header], options);
  for await (const rows of csv.batches) {
    onRows(rows.length);
    if (rows.length > 0) yield stringify(rows, options);
  }
}
