import "server-only";
import { stringify } from "csv-stringify/sync";
import { log } from "@/lib/log";
import type { CsvExport } from "@/lib/schemas/export";

const BOM = "\uFEFF";

/**
 * A CSV download streamed as it is read: UTF-8 with a byte order mark (so that Excel reads "Søren"
 * as UTF-8), the header, then each batch as the client takes it (a pull stream: the next query runs
 * when the previous rows are sent). RFC 4180 records (CRLF, fields with the delimiter, quotes or line
 * breaks quoted, quotes doubled); cells that a spreadsheet would run as formulas (=, +, -, @, tab,
 * CR first) are prefixed with an apostrophe (csv-stringify `escape_formulas`).
 */
export function csvResponse(filename: string, csv: CsvExport, delimiter: string): Response {
  // quote_record_delimiter: a field holding \n or \r alone is quoted too (csv-stringify turns that off
  // once record_delimiter is given, which RFC 4180 does not allow)
  const options = { delimiter, record_delimiter: "windows" as const, quote_record_delimiter: true, escape_formulas: true };
  const encoder = new TextEncoder();
  const batches = csv.batches[Symbol.asyncIterator]();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + stringify([csv.header], options)));
        return;
      }
      try {
        for (;;) {
          const next = await batches.next();
          if (next.done) return controller.close();
          // an empty batch enqueues nothing, and a pull that enqueues nothing is not called again
          if (next.value.length > 0) return controller.enqueue(encoder.encode(stringify(next.value, options)));
        }
      } catch (error) {
        log.error("csv export failed", { filename, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
