import "server-only";
import type { Order, Prisma, Refund } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { minorUnitDigits } from "@/lib/format/money";
import { languageOfLocaleTag } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { basisPointsToPercent } from "@/lib/receipts/vat";
import { periodOfStudioDates } from "@/lib/studio-time/period";
import { studioDate } from "@/lib/studio-time/studio-date";
import { JOURNAL_CSV_HEADER, EXPORT_BATCH_SIZE, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import { accountingSettingsOf, clearingAccountOf, paymentMethodOf } from "@/lib/accounting/accounting-settings";
import { paidParts, refundedBefore } from "@/lib/gift-cards/paid-parts";
import { giftCardEntryLines } from "./journal-gift-cards";

/**
 * GET /exports/journal.csv (decision 0041): one line per financial event of the studio's days
 * [`from`, `to`] (studio dates, both included, in its timezone): every order paid in the period (a
 * `sale`, or an `instalment` of a price paid in parts) and every refund made in it (`refund`: each
 * part refunded its own line, its amount and VAT negated), sales first then refunds, each by its instant then id, read a batch at a time.
 * Amounts are in major units (125.5 = 125,50 kr.), VAT included; `account` takes the money (the
 * card or MobilePay clearing account), `contraAccount` is the sales account (with or without VAT)
 * and `vatAccount` the output VAT account (empty without VAT). Orders of amount 0 move no money and
 * are left out. Fees are not known to us (Stripe and MobilePay settle them on their own statements).
 * Gift cards (decision 0051): a card's sale is owed (`gift_card_sale`, credited to the liability, no
 * VAT), spending one moves its part from the liability to sales, and a card's expiry and payout are
 * lines of their own (`gift_card_expiry`, `gift_card_payout`) after the refunds.
 */
export async function exportJournal({
  db,
  accountId,
  from,
  to,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: TenantDb;
  accountId: string;
  from: string;
  to: string;
  batchSize?: number;
}): Promise<CsvExport> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const accounts = accountingSettingsOf(account);
  const zone = account.timezone;
  const { start, end } = periodOfStudioDates(from, to, zone);
  const language = languageOfLocaleTag(account.locale) ?? "da";
  const t = translatorFor(language, "Journal");
  const books = translatorFor(language, "GiftCardBooks");
  const localDate = (at: Date) => studioDate(at, zone);
  const toMajor = (minor: number, currency: string) => {
    const digits = minorUnitDigits(currency);
    return Number((minor / 10 ** digits).toFixed(digits));
  };

  type Row = Order & { user: { displayName: string }; product: { name: string; type: string } };
  /**
   * A sale's lines, or one refund's (`refund`: its own amount, VAT and day, negated). A gift card's
   * sale is no sale (decision 0051): the money is owed to the card, `contraAccount` the gift cards'
   * liability, no VAT. An order a card paid for in part or whole is split: the provider's part on its
   * clearing account, the card's on the liability (`paymentMethod` `gift_card`), each with its share
   * of the VAT; a refund gives the provider's part back first.
   */
  const lines = (order: Row, kind: "sale" | "refund", refund?: Refund, refunds: Refund[] = []): CsvCell[][] => {
    const sign = kind === "refund" ? -1 : 1;
    const major = (minor: number) => toMajor(sign * minor, order.currency);
    const item = order.instalment
      ? t("instalmentItem", { item: order.product.name, instalment: order.instalment, instalments: order.instalments! })
      : order.product.name;
    const giftCardSale = order.product.type === "gift_card";
    const taxed = !giftCardSale && (order.vatRateBasisPoints ?? 0) > 0;
    const vatRate =
      giftCardSale || order.vatRateBasisPoints === null ? null : basisPointsToPercent(order.vatRateBasisPoints);
    const whole = { amount: (refund ?? order).amount, vatAmount: giftCardSale ? null : (refund ?? order).vatAmount };
    const parts = paidParts(order, refund ? { ...whole, refundedBefore: refundedBefore(refund, refunds) } : whole);
    const line = (amount: number, vatAmount: number | null, byCard: boolean): CsvCell[] => [
      localDate(refund ? refund.refundedAt : order.paidAt!),
      order.receiptNumber,
      kind === "refund"
        ? t("refund", { number: order.receiptNumber ?? "", item })
        : t("sale", { number: order.receiptNumber ?? "", item }),
      order.user.displayName,
      major(amount),
      order.currency,
      vatRate,
      vatAmount === null ? null : major(vatAmount),
      byCard ? "gift_card" : paymentMethodOf(order.provider),
      byCard ? accounts.giftCardLiability : clearingAccountOf(order.provider, accounts),
      giftCardSale
        ? accounts.giftCardLiability
        : order.vatRateBasisPoints === 0
          ? accounts.exemptSalesAccount
          : accounts.salesAccount,
      taxed ? accounts.vatAccount : null,
      kind === "refund"
        ? "refund"
        : giftCardSale
          ? "gift_card_sale"
          : order.instalment && order.instalment > 1
            ? "instalment"
            : "sale",
      order.id,
    ];
    const out: CsvCell[][] = [];
    if (parts.provider > 0) out.push(line(parts.provider, parts.providerVat, false));
    if (parts.card > 0) out.push(line(parts.card, parts.cardVat, true));
    return out;
  };

  /** Every refund made in the period, a part or the rest of an order, each its own line. */
  async function* refunds(): AsyncGenerator<CsvCell[][]> {
    const period: Prisma.RefundWhereInput = { refundedAt: { gte: start, lt: end }, amount: { gt: 0 } };
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await db.refund.findMany({
        where: after
          ? {
              AND: [period, { OR: [{ refundedAt: { gt: after.at } }, { refundedAt: after.at, id: { gt: after.id } }] }],
            }
          : period,
        include: {
          order: {
            include: {
              user: { select: { displayName: true } },
              product: { select: { name: true, type: true } },
              refunds: true,
            },
          },
        },
        orderBy: [{ refundedAt: "asc" }, { id: "asc" }],
        take: batchSize,
      });
      yield rows.flatMap((refund) => lines(refund.order, "refund", refund, refund.order.refunds));
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { at: last.refundedAt, id: last.id };
    }
  }

  async function* events(kind: "sale", field: "paidAt"): AsyncGenerator<CsvCell[][]> {
    const period: Prisma.OrderWhereInput = {
      [field]: { gte: start, lt: end },
      amount: { gt: 0 },
      status: { in: ["paid", "refunded"] },
    };
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const rows: Row[] = await db.order.findMany({
        where: after
          ? { AND: [period, { OR: [{ [field]: { gt: after.at } }, { [field]: after.at, id: { gt: after.id } }] }] }
          : period,
        include: { user: { select: { displayName: true } }, product: { select: { name: true, type: true } } },
        orderBy: [{ [field]: "asc" }, { id: "asc" }],
        take: batchSize,
      });
      yield rows.flatMap((order) => lines(order, kind));
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { at: last[field]!, id: last.id };
    }
  }

  async function* batches(): AsyncGenerator<CsvCell[][]> {
    yield* events("sale", "paidAt");
    yield* refunds();
    yield* giftCardEntryLines({ db, start, end, accounts, t: books, localDate, major: toMajor, batchSize });
  }
  return { header: JOURNAL_CSV_HEADER, batches: batches() };
}
