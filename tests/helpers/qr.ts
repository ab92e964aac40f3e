// What the QR code printed on a PDF's first page says, as a phone's camera would read it: the page
// drawn by PDF.js (pdf-parse's screenshot), its pixels read back through @napi-rs/canvas, decoded by jsQR.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import jsQR from "jsqr";
import { PDFParse } from "pdf-parse";

export async function qrTextOfPdf(bytes: Uint8Array): Promise<string | null> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const shot = await parser.getScreenshot({ scale: 2, first: 1 });
    const image = await loadImage(Buffer.from(shot.pages[0]!.data));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
    return jsQR(new Uint8ClampedArray(data), width, height)?.data ?? null;
  } finally {
    await parser.destroy();
  }
}
