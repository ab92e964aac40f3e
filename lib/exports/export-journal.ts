import "server-only";
import type { Order, Prisma } from "@prisma/client";
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
 * `sale`, or an `instalment` of a price paid in parts) and every refund made in it (`refund`, the
 * amount negated), sales first then refunds, each by its instant then id, read a batch at a time.
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
  const line = (order: Row, kind: "sale" | "refund"): CsvCell[] => {
    const digits = minorUnitDigits(order.currency);
    const major = (minor: number) => Number(((kind === "refund" ? -minor : minor) / 10 ** digits).toFixed(digits));
    const item = order.instalment
      ? t("instalmentItem", { item: order.product.name, instalment: order.instalment, instalments: order.instalments! })
      : order.product.name;
    const taxed = (order.vatRateBasisPoints ?? 0) > 0;
    return [
      localDate(kind === "refund" ? order.refundedAt! : order.paidAt!),
      order.receiptNumber,
      kind === "refund"
        ? t("refund", { number: order.receiptNumber ?? "", item })
        : t("sale", { number: order.receiptNumber ?? "", item }),
      order.user.displayName,
      major(order.amount),
      order.currency,
      order.vatRateBasisPoints === null ? null : basisPointsToPercent(order.vatRateBasisPoints),
      order.vatAmount === null ? null : major(order.vatAmount),
      paymentMethodOf(order.provider),
      clearingAccountOf(order.provider, accounts),
      order.vatRateBasisPoints === 0 ? accounts.exemptSalesAccount : accounts.salesAccount,
      taxed ? accounts.vatAccount : null,
      kind === "refund" ? "refund" : order.instalment && order.instalment > 1 ? "instalment" : "sale",
      order.id,
    ];
  };

  async function* events(kind: "sale" | "refund", field: "paidAt" | "refundedAt"): AsyncGenerator<CsvCell[][]> {
    const period: Prisma.OrderWhereInput = {
      [field]: { gte: start, lt: end },
      amount: { gt: 0 },
      status: kind === "sale" ? { in: ["paid", "refunded"] } : "refunded",
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
    yield* events("refund", "refundedAt");
  }
  return { header: JOURNAL_CSV_HEADER, batches: batches() };
}
