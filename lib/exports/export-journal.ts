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

/**
 * GET /exports/journal.csv (decision 0041): one line per financial event of the studio's days
 * [`from`, `to`] (studio dates, both included, in its timezone): every order paid in the period (a
 * `sale`, or an `instalment` of a price paid in parts) and every refund made in it (`refund`: each
 * part refunded its own line, its amount and VAT negated), sales first then refunds, each by its instant then id, read a batch at a time.
 * Amounts are in major units (125.5 = 125,50 kr.), VAT included; `account` takes the money (the
 * card or MobilePay clearing account), `contraAccount` is the sales account (with or without VAT)
 * and `vatAccount` the output VAT account (empty without VAT). Orders of amount 0 move no money and
 * are left out. Fees are not known to us (Stripe and MobilePay settle them on their own statements).
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
  const localDate = (at: Date) => studioDate(at, zone);

  type Row = Order & { user: { displayName: string }; product: { name: string } };
  /** A sale's line, or one refund's (`refund`: its own amount, VAT and day). */
  const line = (order: Row, kind: "sale" | "refund", refund?: Refund): CsvCell[] => {
    const digits = minorUnitDigits(order.currency);
    const major = (minor: number) => Number(((kind === "refund" ? -minor : minor) / 10 ** digits).toFixed(digits));
    const item = order.instalment
      ? t("instalmentItem", { item: order.product.name, instalment: order.instalment, instalments: order.instalments! })
      : order.product.name;
    const taxed = (order.vatRateBasisPoints ?? 0) > 0;
    return [
      localDate(refund ? refund.refundedAt : order.paidAt!),
      order.receiptNumber,
      kind === "refund"
        ? t("refund", { number: order.receiptNumber ?? "", item })
        : t("sale", { number: order.receiptNumber ?? "", item }),
      order.user.displayName,
      major(refund ? refund.amount : order.amount),
      order.currency,
      order.vatRateBasisPoints === null ? null : basisPointsToPercent(order.vatRateBasisPoints),
      (refund ?? order).vatAmount === null ? null : major((refund ?? order).vatAmount!),
      paymentMethodOf(order.provider),
      clearingAccountOf(order.provider, accounts),
      order.vatRateBasisPoints === 0 ? accounts.exemptSalesAccount : accounts.salesAccount,
      taxed ? accounts.vatAccount : null,
      kind === "refund" ? "refund" : order.instalment && order.instalment > 1 ? "instalment" : "sale",
      order.id,
    ];
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
          order: { include: { user: { select: { displayName: true } }, product: { select: { name: true } } } },
        },
        orderBy: [{ refundedAt: "asc" }, { id: "asc" }],
        take: batchSize,
      });
      yield rows.map((refund) => line(refund.order, "refund", refund));
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
        include: { user: { select: { displayName: true } }, product: { select: { name: true } } },
        orderBy: [{ [field]: "asc" }, { id: "asc" }],
        take: batchSize,
      });
      yield rows.map((order) => line(order, kind));
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) return;
      after = { at: last[field]!, id: last.id };
    }
  }

  async function* batches(): AsyncGenerator<CsvCell[][]> {
    yield* events("sale", "paidAt");
    yield* refunds();
  }
  return { header: JOURNAL_CSV_HEADER, batches: batches() };
}
