// Renders a gift card as a one-page PDF with pdfkit, in an email worker thread (the attachment of the
// recipient's email and the buyer's copy), as receipts are (lib/receipts/render-receipt-pdf.ts): DejaVu
// Sans from lib/receipts/fonts, embedded as a subset. The QR code is drawn as squares from the
// `qrcode` package's matrix, so no image is made. The studio's logo is a remote address (Account.logoUrl)
// that is never fetched while rendering: the `logo` design puts the studio's name on its colour instead.
import path from "node:path";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { translatorFor } from "@/lib/i18n/translator";
import type { GiftCardPdfFacts } from "./gift-card-email-facts";

const FONTS = path.join(process.cwd(), "lib", "receipts", "fonts");
const REGULAR = path.join(FONTS, "DejaVuSans.ttf");
const BOLD = path.join(FONTS, "DejaVuSans-Bold.ttf");

const MARGIN = 56;
const MUTED = "#475569";
const DEFAULT_COLOUR = "#0f766e";
const QR_SIZE = 132;

export async function renderGiftCardPdf(facts: GiftCardPdfFacts): Promise<Buffer> {
  const t = translatorFor(facts.language, "GiftCardPdf");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: REGULAR,
    info: { Title: `${t("title")} ····${facts.last4}`, Author: facts.studioName },
  });
  doc.registerFont("regular", REGULAR).registerFont("bold", BOLD);
  const done = collect(doc);
  const width = doc.page.width - 2 * MARGIN;
  const colour = facts.accentColor ?? DEFAULT_COLOUR;

  // the band: the studio's colour, with its name as its mark (design `logo`)
  const bandHeight = facts.design === "logo" ? 110 : 40;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(colour);
  if (facts.design === "logo") {
    doc.font("bold").fontSize(24).fillColor("white").text(facts.studioName, MARGIN, 42, { width });
  }
  doc
    .fillColor("black")
    .font("bold")
    .fontSize(30)
    .text(t("title"), MARGIN, bandHeight + 36, { width });
  if (facts.design === "colour") doc.font("regular").fontSize(12).fillColor(MUTED).text(facts.studioName);
  doc.moveDown(0.8);
  doc.fillColor(colour).font("bold").fontSize(36).text(facts.amount, { width });
  doc.fillColor("black").moveDown(0.5);
  doc
    .font("bold")
    .fontSize(14)
    .text(t("for", { name: facts.recipientName }), { width });
  doc
    .font("regular")
    .fontSize(12)
    .text(t("from", { name: facts.buyerName }), { width });
  if (facts.message) {
    doc.moveDown(0.6).font("regular").fontSize(12).fillColor(MUTED).text(`“${facts.message}”`, { width });
    doc.fillColor("black");
  }

  doc.moveDown(1.2);
  doc.font("regular").fontSize(11).fillColor(MUTED).text(t("code"));
  doc.fillColor("black").font("bold").fontSize(26).text(facts.code, { width, characterSpacing: 2 });
  doc
    .moveDown(0.4)
    .font("regular")
    .fontSize(12)
    .text(t("validUntil", { date: facts.validUntil }), { width });
  if (facts.shorterValidityMonths !== null) {
    doc.text(t("validity", { months: facts.shorterValidityMonths }), { width });
  }

  doc.moveDown(1.2);
  const qrTop = doc.y;
  drawQr(doc, facts.link, MARGIN, qrTop, QR_SIZE);
  const textLeft = MARGIN + QR_SIZE + 20;
  const textWidth = width - QR_SIZE - 20;
  doc.font("regular").fontSize(10).fillColor(MUTED).text(t("scan"), textLeft, qrTop, { width: textWidth });
  doc.moveDown(0.3).fillColor(colour).text(facts.link, { width: textWidth, link: facts.link });
  doc
    .moveDown(0.8)
    .fillColor(MUTED)
    .text(t("howTo", { studio: facts.studioName }), { width: textWidth });

  doc.end();
  return done;
}

/** The QR code of `text` as dark squares, `size` points wide, its quiet zone included. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().fillColor("black");
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
  doc.fill().restore();
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
