import "server-only";
import type { Prisma } from "@prisma/client";
import type { AccountingSettings } from "@/lib/accounting/accounting-settings";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { Translator } from "@/lib/i18n/translator";
import type { CsvCell } from "@/lib/schemas/export";

/**
 * The journal's lines of gift card movements that are no order's (decision 0051), by instant then id,
 * a batch at a time: an expiry (`expire`, −X: the liability is income without VAT, debit
 * `giftCardLiability`, credit `exemptSalesAccount`; its reversal before a payout, +X, the same negated)
 * and a payout (`cash_out`, −X: debit `giftCardLiability`, credit `cardClearingAccount`, the bank the
 * studio pays from). Selling, spending and refunding a card are their orders' lines.
 */
export async function* giftCardEntryLines({
  db,
  start,
  end,
  accounts,
  t,
  localDate,
  major,
  batchSize,
}: {
  db: TenantDb;
  start: Date;
  end: Date;
  accounts: AccountingSettings;
  t: Translator<"GiftCardBooks">;
  localDate: (at: Date) => string;
  major: (minor: number, currency: string) => number;
  batchSize: number;
}): AsyncGenerator<CsvCell[][]> {
  const period: Prisma.GiftCardEntryWhereInput = {
    at: { gte: start, lt: end },
    kind: { in: ["expire", "cash_out"] },
    amount: { not: 0 },
  };
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const rows = await db.giftCardEntry.findMany({
      where: after
        ? { AND: [period, { OR: [{ at: { gt: after.at } }, { at: after.at, id: { gt: after.id } }] }] }
        : period,
      include: { giftCard: { select: { codeLast4: true, recipientName: true, currency: true } } },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      take: batchSize,
    });
    yield rows.map((entry) => {
      const { codeLast4: last4, recipientName, currency } = entry.giftCard;
      const payout = entry.kind === "cash_out";
      const text = payout
        ? t("journalPayout", { last4 })
        : entry.amount < 0
          ? t("journalExpiry", { last4 })
          : t("journalExpiryReversed", { last4 });
      return [
        localDate(entry.at),
        null,
        text,
        recipientName,
        major(-entry.amount, currency),
        currency,
        null,
        null,
        null,
        accounts.giftCardLiability,
        payout ? accounts.cardClearingAccount : accounts.exemptSalesAccount,
        null,
        payout ? "gift_card_payout" : "gift_card_expiry",
        entry.orderId,
      ];
    });
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { at: last.at, id: last.id };
  }
}
