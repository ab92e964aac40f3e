import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { db as database } from "@/lib/db";
import type { TenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { serializeAccount } from "@/lib/schemas/account";
import type { CsvExport, StudioExportManifest } from "@/lib/schemas/export";
import { csvText } from "./csv-text";
import { exportBookings } from "./export-bookings";
import { exportOrders } from "./export-orders";
import { exportPasses } from "./export-passes";
import { exportPeople } from "./export-people";
import { exportProducts } from "./export-products";
import { exportProgramme } from "./export-programme";
import { exportReceipts } from "./export-receipts";

export type StudioExport = { filename: string; zip: ReadableStream<Uint8Array> };

/**
 * Everything a studio holds, as one ZIP streamed as it is read (GET /exports/studio.zip): each CSV
 * in the dialect of the single exports, read a batch at a time only when the archive reaches it
 * (yazl writes one entry after the other and pipes with backpressure), so that memory stays bounded
 * whatever the studio's size; manifest.json last, with each file's record count.
 */
export async function exportStudio({
  db,
  accountId,
  delimiter,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  delimiter: string;
  now?: Date;
}): Promise<StudioExport> {
  const account = await database.account.findUniqueOrThrow({ where: { id: accountId } });
  const files: [string, CsvExport][] = [
    ["people.csv", exportPeople({ db, accountId })],
    ["passes.csv", exportPasses({ db, now })],
    ["bookings.csv", exportBookings({ db })],
    ["orders.csv", exportOrders({ db })],
    ["products.csv", exportProducts({ db })],
    ["programme.csv", exportProgramme({ db })],
    ["receipts.csv", exportReceipts({ db })],
  ];
  const zip = new ZipFile();
  const output = zip.outputStream as Readable; // yazl's is a PassThrough; its types say only NodeJS.ReadableStream
  const fail = (error: unknown) => {
    log.error("studio export failed", { accountId, error: String(error) });
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  const manifest: StudioExportManifest = { account: serializeAccount(account), exportedAt: now.toISOString(), files: [] };
  for (const [name, csv] of files) {
    const entry = { name, rows: 0 };
    manifest.files.push(entry);
    const text = csvText(csv, delimiter, (count) => (entry.rows += count));
    addText(zip, name, text, now, fail);
  }
  // read when the archive reaches it: after the last CSV, so every count is final
  addText(zip, "manifest.json", manifestText(manifest), now, fail);
  zip.end();
  return {
    filename: `${account.slug}-${manifest.exportedAt.slice(0, 10)}.zip`,
    zip: Readable.toWeb(output) as ReadableStream<Uint8Array>,
  };
}

async function* manifestText(manifest: StudioExportManifest): AsyncGenerator<string> {
  yield JSON.stringify(manifest, null, 2) + "\n";
}

function addText(zip: ZipFile, name: string, text: AsyncIterable<string>, mtime: Date, fail: (error: unknown) => void) {
  const stream = Readable.from(text, { objectMode: false });
  stream.on("error", fail);
  zip.addReadStream(stream, name, { mtime });
}
