// Reads the CSV exports back in tests.

/** An RFC 4180 reader for the tests: records of fields, quotes undone. */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === delimiter) {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      field = "";
      record = [];
      i++;
    } else {
      field += c;
    }
  }
  if (field !== "" || record.length > 0) throw new Error(`unterminated record: ${JSON.stringify(record)}`);
  return records;
}
