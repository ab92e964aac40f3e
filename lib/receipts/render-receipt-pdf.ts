// Renders a receipt (or a refunded order's credit note) as a PDF with pdfkit, in the request's
// thread (GET …/receipt) or an email worker thread (the payment email's attachment): nothing here
// needs the app's bundle. The font is DejaVu Sans shipped in lib/receipts/fonts (æ, ø, å and the
// rest), read from disk and embedded as a subset; pdfkit's built-in fonts are never loaded.
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { translatorFor } from "@/lib/i18n/translator";
import type { CreditNoteFacts, ReceiptFacts } from "./receipt-facts";
import { basisPointsToPercent } from "./vat";
import { isRealEmail } from "@/lib/users/stand-in-addresses";

const FONTS = path.join(process.cwd(), "lib", "receipts", "fonts");
const REGULAR = path.join(FONTS, "DejaVuSans.ttf");
const BOLD = path.join(FONTS, "DejaVuSans-Bold.ttf");

const MARGIN = 56;
const MUTED = "#475569";

export async function renderReceiptPdf(facts: ReceiptFacts): Promise<Buffer> {
  if (facts.creditNote) return renderCreditNotePdf(facts, facts.creditNote);
  const t = translatorFor(facts.language, "Receipt");
  const creditNote = facts.refundedAt !== null;
  const where = { locale: facts.formatLocale, zone: facts.timezone };
  // A credit note takes the amounts back: they are shown negative.
  const sign = creditNote ? -1 : 1;
  const money = (minor: number) => formatMoney(sign * minor, facts.currency, facts.formatLocale);
  const title = creditNote ? t("creditNoteTitle") : t("title");

  const { doc, done, width } = openDocument(facts, t, title, facts.receiptNumber);

  field(doc, t("receiptNumber"), String(facts.receiptNumber));
  field(doc, t("date"), formatDate(new Date(facts.paidAt), where));
  if (facts.refundedAt) field(doc, t("refundedOn"), formatDate(new Date(facts.refundedAt), where));
  field(doc, t("customer"), customerOf(facts, t));
  if (creditNote) {
    doc.moveDown(0.5).text(t("creditNoteFor", { number: facts.receiptNumber }), { width });
  }
  doc.moveDown(1.5);

  row(doc, width, t("item"), t("amount"), "bold");
  rule(doc, width);
  row(doc, width, facts.item, money(facts.amount + facts.discountAmount));
  if (facts.discountAmount > 0) row(doc, width, t("discount"), money(-facts.discountAmount));
  rule(doc, width);
  totalAndVat(doc, width, t, facts, { total: facts.amount, vat: facts.vatAmount }, money);
  paidWith(doc, width, facts, money, creditNote);

  doc.end();
  return done;
}

/**
 * One refund's credit note: its own number and date, the receipt it credits, and what it gave back
 * (negative), with the VAT of that part at the order's rate.
 */
async function renderCreditNotePdf(facts: ReceiptFacts, note: CreditNoteFacts): Promise<Buffer> {
  const t = translatorFor(facts.language, "Receipt");
  const where = { locale: facts.formatLocale, zone: facts.timezone };
  const money = (minor: number) => formatMoney(-minor, facts.currency, facts.formatLocale);
  const title = t("creditNoteTitle");
  const { doc, done, width } = openDocument(facts, t, title, note.number);

  field(doc, t("creditNoteNumber"), String(note.number));
  field(doc, t("date"), formatDate(new Date(note.refundedAt), where));
  field(doc, t("receiptNumber"), String(facts.receiptNumber));
  field(doc, t("customer"), customerOf(facts, t));
  doc.moveDown(0.5).text(t("creditNoteFor", { number: facts.receiptNumber }), { width });
  doc.moveDown(1.5);

  row(doc, width, t("item"), t("amount"), "bold");
  rule(doc, width);
  row(
    doc,
    width,
    note.classes ? t("classesTaken", { item: facts.item, classes: note.classes }) : facts.item,
    money(note.amount),
  );
  rule(doc, width);
  totalAndVat(doc, width, t, facts, { total: note.amount, vat: note.vatAmount }, money);
  paidWith(doc, width, facts, money, true);

  doc.end();
  return done;
}

type ReceiptWords = ReturnType<typeof translatorFor<"Receipt">>;

/** An A4 document headed by its title and the seller (name, address, VAT number); numbered `number` in its metadata. */
function openDocument(facts: ReceiptFacts, t: ReceiptWords, title: string, number: number) {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: REGULAR,
    info: { Title: `${title} ${number}`, Author: facts.seller.name },
  });
  doc.registerFont("regular", REGULAR).registerFont("bold", BOLD);
  const done = collect(doc);
  const width = doc.page.width - 2 * MARGIN;
  doc.font("bold").fontSize(20).text(title);
  doc.moveDown(0.5);
  doc.font("bold").fontSize(11).text(facts.seller.name);
  doc.font("regular").fontSize(10).fillColor(MUTED);
  if (facts.seller.address) doc.text(facts.seller.address);
  if (facts.seller.vatNumber) doc.text(t("vatNumber", { number: facts.seller.vatNumber }));
  doc.fillColor("black").moveDown(1.5);
  return { doc, done, width };
}

/** Who paid (their email when they have a real one), and the child it was for. */
function customerOf(facts: ReceiptFacts, t: ReceiptWords): string {
  const customer = isRealEmail(facts.buyer.email) ? `${facts.buyer.name} <${facts.buyer.email}>` : facts.buyer.name;
  return facts.paidFor ? t("customerFor", { customer, name: facts.paidFor }) : customer;
}

/** The total, then its VAT at the order's rate, the exemption (decision 0041) or that no VAT is charged. */
function totalAndVat(
  doc: PDFKit.PDFDocument,
  width: number,
  t: ReceiptWords,
  facts: ReceiptFacts,
  amounts: { total: number; vat: number | null },
  money: (minor: number) => string,
): void {
  if (facts.giftCardSale) {
    // a multi-purpose voucher (decision 0051): no VAT until it is spent, on what it buys
    row(doc, width, t("total"), money(amounts.total), "bold");
    const books = translatorFor(facts.language, "GiftCardBooks");
    doc.moveDown(0.5).font("regular").text(books("receiptGiftCardSale"));
    return;
  }
  const exempt = facts.vatRateBasisPoints === 0;
  const vat = amounts.vat !== null && facts.vatRateBasisPoints !== null && !exempt;
  row(doc, width, vat ? t("totalInclVat") : t("total"), money(amounts.total), "bold");
  if (exempt) {
    doc.moveDown(0.5).font("regular").text(t("vatExempt"));
  } else if (vat) {
    const rate = new Intl.NumberFormat(facts.formatLocale, { maximumFractionDigits: 2 }).format(
      basisPointsToPercent(facts.vatRateBasisPoints!),
    );
    row(doc, width, t("vatIncluded", { rate }), money(amounts.vat!));
  } else {
    doc.moveDown(0.5).font("regular").fillColor(MUTED).text(t("noVat")).fillColor("black");
  }
}

/**
 * What a gift card paid of the amount ("Betalt med gavekort ····ABCD") and how the rest was paid; on a
 * credit note, what went back to the card and what the other way (decision 0051). Nothing without a card.
 */
function paidWith(
  doc: PDFKit.PDFDocument,
  width: number,
  facts: ReceiptFacts,
  money: (minor: number) => string,
  refunded: boolean,
): void {
  const paid = facts.paidByGiftCard;
  if (!paid) return;
  const books = translatorFor(facts.language, "GiftCardBooks");
  doc.moveDown(1);
  row(
    doc,
    width,
    refunded ? books("refundedToGiftCard", { last4: paid.last4 }) : books("paidByGiftCard", { last4: paid.last4 }),
    money(paid.amount),
  );
  if (paid.rest <= 0) return;
  const rest = refunded
    ? paid.method === "mobilepay"
      ? books("refundedToMobilepay")
      : paid.method === "desk"
        ? books("refundedAtDesk")
        : books("refundedToCard")
    : paid.method === "mobilepay"
      ? books("paidByMobilepay")
      : paid.method === "desk"
        ? books("paidAtDesk")
        : books("paidByCard");
  row(doc, width, rest, money(paid.rest));
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

function field(doc: PDFKit.PDFDocument, label: string, value: string): void {
  doc.font("bold").fontSize(10).text(`${label}: `, { continued: true }).font("regular").text(value);
}

function row(doc: PDFKit.PDFDocument, width: number, left: string, right: string, font = "regular"): void {
  const y = doc.y;
  doc.font(font).fontSize(11);
  doc.text(left, MARGIN, y, { width: width * 0.7 });
  const leftBottom = doc.y;
  doc.text(right, MARGIN + width * 0.7, y, { width: width * 0.3, align: "right" });
  doc.y = Math.max(leftBottom, doc.y) + 4;
  doc.x = MARGIN;
}

function rule(doc: PDFKit.PDFDocument, width: number): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor("#cbd5e1")
    .stroke();
  doc.y += 6;
}
