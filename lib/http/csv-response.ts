import "server-only";
import { csvText } from "@/lib/exports/csv-text";
import { log } from "@/lib/log";
import type { CsvExport } from "@/lib/schemas/export";

/**
 * A CSV download streamed as it is read, in the dialect of lib/exports/csv-text.ts: a pull stream,
 * the next query runs when the previous rows are sent.
 */
export function csvResponse(filename: string, csv: CsvExport, delimiter: string): Response {
  const encoder = new TextEncoder();
  const chunks = csvText(csv, delimiter);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error("csv export failed", { filename, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
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
