// Reads an uploaded CSV file as it arrives, a chunk at a time (decision 0045): its encoding (UTF-8
// with or without a byte order mark, or Windows-1252 as Danish Excel saves it) and its delimiter
// (comma, semicolon or tab) detected, its records parsed by csv-parse's stream, a batch at a time.
// No more of the file is held than a batch of records and one line: a line (and so a cell) longer
// than MAX_LINE_BYTES is refused, not buffered.
import { pipeline, Readable } from "node:stream";
import chardet from "chardet";
import { parse } from "csv-parse";
import iconv from "iconv-lite";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";

export type CsvEncoding = "utf-8" | "windows-1252";
export type CsvDelimiter = "," | ";" | "\t";

/** The longest line (and so cell) a file may hold: 400 `import_line_too_long` past it. */
export const MAX_LINE_BYTES = 64 * 1024;
/** How much of the file, from its first byte that is not ASCII, decides its encoding. */
const SNIFF_BYTES = 64 * 1024;
/** Bytes decoded at a time: a body's one chunk may be the whole file. */
const PIECE_BYTES = 64 * 1024;

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const startsWithBom = (bytes: Uint8Array) => UTF8_BOM.every((byte, index) => bytes[index] === byte);

/**
 * UTF-8 when the bytes are valid UTF-8 (with or without a BOM; `final: false`, a sequence cut at
 * their end is not held against them). Otherwise chardet's guess among the single-byte Western
 * encodings, all read as Windows-1252 (its superset of ISO-8859-1, the one Excel writes in Danish
 * locales).
 */
export function detectEncoding(bytes: Uint8Array, final = true): CsvEncoding {
  if (startsWithBom(bytes)) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: !final });
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

/** A file in memory, or a body as it arrives. */
export type CsvSource = Uint8Array | AsyncIterable<Uint8Array>;

async function* pieces(source: CsvSource): AsyncGenerator<Buffer> {
  const chunks = source instanceof Uint8Array ? [source] : source;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let start = 0; start < bytes.length; start += PIECE_BYTES) yield bytes.subarray(start, start + PIECE_BYTES);
  }
}

/**
 * The file's text, a piece at a time. ASCII reads the same in both encodings, so the encoding is
 * decided on up to SNIFF_BYTES from the first byte that is not ASCII (or at the end of the file),
 * held until then; a file valid UTF-8 throughout reads as before, when the whole file decided it.
 */
async function* decodeText(source: CsvSource): AsyncGenerator<string> {
  const storable = textCheck();
  let decoder: { write: (bytes: Buffer) => string; end: () => string | undefined } | undefined;
  let held: Buffer = Buffer.alloc(0);
  let emitted = 0;
  const decide = (final: boolean): string => {
    const bom = emitted === 0 && startsWithBom(held);
    decoder = iconv.getDecoder(bom ? "utf-8" : detectEncoding(held, final), { stripBOM: false });
    const text = decoder.write(bom ? held.subarray(3) : held);
    held = Buffer.alloc(0);
    return text;
  };
  for await (const piece of pieces(source)) {
    if (decoder) {
      yield storable(decoder.write(piece));
      continue;
    }
    if (held.length === 0) {
      const text = piece.toString("latin1");
      const first = text.search(/[^\x00-\x7f]/);
      if (first === -1) {
        emitted += piece.length;
        yield storable(text);
        continue;
      }
      if (first > 0) yield storable(text.slice(0, first));
      emitted += first;
      held = piece.subarray(first);
    } else held = Buffer.concat([held, piece]);
    if (held.length >= SNIFF_BYTES) yield storable(decide(false));
  }
  if (!decoder && held.length > 0) yield storable(decide(true));
  const rest = decoder?.end();
  if (rest) yield storable(rest);
}

/**
 * Each piece of the text as it passes: a NUL character is refused as any API text is (PostgreSQL
 * stores none; a UTF-16 file is full of them), and so is a line longer than MAX_LINE_BYTES, counted
 * in UTF-8 bytes from the last line break (csv-parse's max_record_size counts a record's cells, not
 * its delimiters: a line of short cells would pass it).
 */
function textCheck(): (text: string) => string {
  let line = 1;
  let length = 0;
  let afterCr = false;
  return (text) => {
    if (text.includes("\u0000"))
      throw new AppError("validation_failed", { details: [ruleDetail("body", "unstorable_text")] });
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x0a || code === 0x0d) {
        if (code === 0x0d || !afterCr) line += 1;
        afterCr = code === 0x0d;
        length = 0;
        continue;
      }
      afterCr = false;
      length += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
      if (length > MAX_LINE_BYTES) throw lineTooLong(line);
    }
    return text;
  };
}

export type CsvFile = {
  /** The records in file order, each with its number in the file (the first record is 1), a batch at a time. */
  batches: (size: number) => AsyncGenerator<CsvRecord[]>;
};
export type CsvRecord = { row: number; cells: string[] };

export function readCsv(source: CsvSource): CsvFile {
  async function* batches(size: number): AsyncGenerator<CsvRecord[]> {
    const text = decodeText(source);
    // the first line, for its delimiter: read as far as its end (at most a line's length)
    let head = "";
    let end = -1;
    while (end === -1) {
      const next = await text.next();
      if (next.done) break;
      head += next.value;
      end = head.search(/[\r\n]/);
    }
    const delimiter = detectDelimiter(end === -1 ? head : head.slice(0, end));
    const parser = parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: MAX_LINE_BYTES,
    });
    async function* rest() {
      if (head) yield head;
      yield* text;
    }
    // an error of the body or of its decoding (a NUL) ends the parser with it
    pipeline(Readable.from(rest()), parser, () => undefined);
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
  return { batches };
}

/** The largest file POST /imports reads (413 above). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

const lineTooLong = (line: number) =>
  new AppError("validation_failed", {
    details: [ruleDetail("body", "import_line_too_long", { line, maximum: MAX_LINE_BYTES })],
  });

/** csv-parse's refusal (a quote never closed, a line past MAX_LINE_BYTES) as a 400 naming the line. */
function malformed(error: unknown): unknown {
  if (!(error instanceof Error) || !("code" in error) || !String(error.code).startsWith("CSV_")) return error;
  const line = "lines" in error && typeof error.lines === "number" ? error.lines : 0;
  if (error.code === "CSV_MAX_RECORD_SIZE") return lineTooLong(line);
  return new AppError("validation_failed", { details: [ruleDetail("body", "import_malformed", { line })] });
}
