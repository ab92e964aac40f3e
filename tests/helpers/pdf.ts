// The text of a PDF (receipts), as a reader's PDF viewer would show it, through pdf-parse (PDF.js).
import { PDFParse } from "pdf-parse";

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** True when `bytes` start as a PDF file does. */
export function isPdf(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.slice(0, 5)) === "%PDF-";
}
