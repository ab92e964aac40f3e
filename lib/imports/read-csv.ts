// Reads an uploaded CSV file: its encoding (UTF-8 with or without a byte order mark, or
// Windows-1252 as Danish Excel saves it) and its delimiter (comma, semicolon or tab) detected, its
// records parsed as a stream by csv-parse, a batch at a time.
import { Readable } from "node:stream";
import chardet from "chardet";
import { parse } from "csv-parse";
import iconv from "iconv-lite";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";

export type CsvEncoding = "utf-8" | "windows-1252";
export type CsvDelimiter = "," | ";" | "\t";

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 when the bytes are valid UTF-8 (with or without a BOM). Otherwise chardet's guess among the
 * single-byte Western encodings, all read as Windows-1252 (its superset of ISO-8859-1, the one
 * Excel writes in Danish locales).
 */
export function detectEncoding(bytes: Uint8Array): CsvEncoding {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "utf-8";
  } catch {
    const guess = chardet.detect(bytes)?.toLowerCase() ?? "";
    return guess === "utf-8" ? "utf-8" : "windows-1252";
  }
}

/** The delimiter the first line uses most, outside quotes; comma when it holds none. */
export function detectDelimiter(firstLine: string): CsvDelimiter {
  const counts = { ",": 0, ";": 0, "\t": 0 } as Record<CsvDelimiter, number>;
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as CsvDelimiter] += 1;
  }
  return (Object.keys(counts) as CsvDelimiter[]).reduce((best, candidate) =>
    counts[candidate] > counts[best] ? candidate : best,
  );
}

function decode(bytes: Uint8Array, encoding: CsvEncoding): string {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export type CsvFile = {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** The records in file order, each with its number in the file (the first record is 1), a batch at a time. */
  batches: (size: number) => AsyncGenerator<CsvRecord[]>;
};
export type CsvRecord = { row: number; cells: string[] };

export function readCsv(bytes: Uint8Array): CsvFile {
  const encoding = detectEncoding(bytes);
  const text = decode(bytes, encoding);
  // PostgreSQL stores no NUL character (a UTF-16 file is full of them): refused as any API text is
  if (text.includes("\u0000"))
    throw new AppError("validation_failed", { details: [ruleDetail("body", "unstorable_text")] });
  const delimiter = detectDelimiter(text.slice(0, text.search(/\r?\n|$/)));
  async function* batches(size: number): AsyncGenerator<CsvRecord[]> {
    const parser = Readable.from([text]).pipe(
      parse({
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
      }),
    );
    let batch: CsvRecord[] = [];
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
        if (record.every((cell) => cell === "")) continue;
        batch.push({ row: info.records, cells: record });
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
    } catch (error) {
      throw malformed(error);
    }
    if (batch.length > 0) yield batch;
  }
  return { encoding, delimiter, batches };
}

/** The largest file POST /imports reads (413 above). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** csv-parse's refusal (a quote never closed) as a 400 naming the line. */
function malformed(error: unknown): unknown {
  if (!(error instanceof Error) || !("code" in error) || !String(error.code).startsWith("CSV_")) return error;
  const line = "lines" in error && typeof error.lines === "number" ? error.lines : 0;
  return new AppError("validation_failed", { details: [ruleDetail("body", "import_malformed", { line })] });
}
