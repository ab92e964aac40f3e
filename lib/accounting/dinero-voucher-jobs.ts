import "server-only";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import type { RawSql } from "@/lib/db/raw-sql";
import { AppError } from "@/lib/errors";
import { languageOfLocaleTag } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { appJobOptions } from "@/lib/jobs/app-job-options";
import { runJobs, type JobKind, type JobOutcome, type Settled } from "@/lib/jobs/run-jobs";
import { getCreditNoteFactsOrThrow, getReceiptFactsOrThrow } from "@/lib/receipts/get-receipt-facts";
import { receiptFileName } from "@/lib/receipts/receipt-facts";
import { renderReceiptPdf } from "@/lib/receipts/render-receipt-pdf";
import { dineroApi, fetchDineroToken } from "./dinero-client";
import { unsealDineroCredentials } from "./dinero-settings";
import { accountingSettingsOf, clearingAccountOf } from "./accounting-settings";
import { dineroVoucherOf, type DineroVoucherAccounts } from "./dinero-voucher";

/** A claimed voucher with its studio's connection and what earlier attempts got from Dinero. */
export type ClaimedDineroVoucher = {
  id: string;
  attempts: number;
  accountId: string;
  orderId: string;
  kind: "sale" | "refund";
  refundId: string | null;
  reference: string;
  fileGuid: string | null;
  voucherGuid: string | null;
  organizationId: string;
  sealedCredentials: string;
  accountLocale: string;
};

/**
 * The vouchers waiting for studios with Dinero connected (decision 0042). Each attempt continues
 * where the last stopped: the receipt PDF posted as a file, a manual voucher created with it, the
 * voucher booked; each of Dinero's ids is stored the moment Dinero gives it, so a retry never
 * makes a second file or voucher. A row is kept once sent (its status is the order's).
 */
export const dineroVoucherJobs: JobKind<ClaimedDineroVoucher, undefined> = {
  name: "Dinero vouchers",
  noun: "Dinero voucher",
  // order id and kind, never a credential
  logFields: (row) => ({ accountId: row.accountId, orderId: row.orderId, kind: row.kind }),
  table: `"DineroVoucher"`,
  idType: "bigint",
  join: `JOIN "DineroConnection" d ON d."accountId" = j."accountId"`,
  due: `j."status" = 'waiting'`,
  order: `j."id"`,
  returning: `"id", "accountId", "orderId", "kind", "refundId", "reference", "fileGuid", "voucherGuid", "attempts"`,
  select: `
    SELECT c."id"::text AS "id", c."attempts", c."accountId", c."orderId", c."kind", c."refundId", c."reference", c."fileGuid", c."voucherGuid",
      d."organizationId", d."sealedCredentials", a."locale" AS "accountLocale"
    FROM claimed c JOIN "DineroConnection" d ON d."accountId" = c."accountId" JOIN "Account" a ON a."id" = c."accountId"
    ORDER BY c."id"`,
  batchSize: 10,
  leaseMs: 180_000,
  // a minute, five minutes, half an hour, two hours, six hours: a Dinero outage of an afternoon is ridden out
  retryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000],
  // one after another: each renders a PDF in the serving process's thread, and Dinero sees no burst
  handle: async (batch) => {
    const outcomes: JobOutcome[] = [];
    for (const row of batch) outcomes.push(await sendVoucher(row));
    return outcomes;
  },
  settle: settleDineroVouchers,
};

/**
 * Sends the vouchers waiting for Dinero; the runner logs failures. Resolves with how many reached
 * Dinero (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingDineroVouchers(options: { now?: () => Date } = {}): Promise<number> {
  return runJobs(dineroVoucherJobs, { ...appJobOptions(), now: options.now, context: undefined });
}

/** The studio's account numbers as they stand when the voucher is made (accounting-settings.ts). */
async function voucherAccounts(db: TenantDb, row: ClaimedDineroVoucher): Promise<DineroVoucherAccounts> {
  const [account, order] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: row.accountId } }),
    db.order.findFirstOrThrow({ where: { id: row.orderId }, select: { provider: true } }),
  ]);
  const settings = accountingSettingsOf(account);
  return {
    money: clearingAccountOf(order.provider, settings),
    sales: settings.salesAccount,
    exemptSales: settings.exemptSalesAccount,
    giftCardLiability: settings.giftCardLiability,
  };
}

async function sendVoucher(row: ClaimedDineroVoucher): Promise<JobOutcome> {
  const db = tenantDb(row.accountId);
  try {
    const facts = row.refundId
      ? await getCreditNoteFactsOrThrow({ db, refundId: row.refundId })
      : await getReceiptFactsOrThrow({ db, orderId: row.orderId });
    const token = await fetchDineroToken(unsealDineroCredentials(row.sealedCredentials));
    const api = dineroApi(row.organizationId, token);
    let { fileGuid, voucherGuid } = row;
    if (!fileGuid) {
      // the sale's document is the receipt as issued, even when the order was refunded since
      const document = row.kind === "sale" ? { ...facts, refundedAt: null } : facts;
      fileGuid = await api.uploadFile(receiptFileName(facts), await renderReceiptPdf(document));
      await db.dineroVoucher.updateMany({ where: { id: BigInt(row.id) }, data: { fileGuid } });
    }
    let timestamp: string;
    if (!voucherGuid) {
      const language = languageOfLocaleTag(row.accountLocale) ?? "da";
      const t = translatorFor(language, "DineroVoucher");
      const words = { number: facts.receiptNumber, item: facts.item, creditNote: facts.creditNote?.number ?? 0 };
      const created = await api.createManualVoucher(
        dineroVoucherOf(
          facts,
          row.kind,
          fileGuid,
          { sale: t("sale", words), refund: facts.creditNote ? t("creditNote", words) : t("refund", words) },
          await voucherAccounts(db, row),
          row.reference,
        ),
      );
      voucherGuid = created.Guid;
      timestamp = created.TimeStamp;
      await db.dineroVoucher.updateMany({ where: { id: BigInt(row.id) }, data: { voucherGuid } });
    } else {
      timestamp = (await api.getManualVoucher(voucherGuid)).TimeStamp;
    }
    await api.bookManualVoucher(voucherGuid, timestamp);
    return { done: true };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { skipped: true };
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}

const AT = `COALESCE($2::timestamp, now()::timestamp)`;

/**
 * Sent rows become `sent`, given-up ones `failed` (both kept: the orders page shows them); a row to
 * retry waits out its delay; skipped ones (the order gone or never paid) are deleted. The studio's
 * connection is `failing` from a failure until the next voucher that reaches Dinero.
 */
async function settleDineroVouchers(
  sql: RawSql,
  settled: Settled<ClaimedDineroVoucher, JobOutcome>[],
  now: Date | null,
): Promise<void> {
  for (const [row, settlement] of settled) {
    const id = row.id;
    if (settlement.kind === "done") {
      await sql.query({
        text: `UPDATE "DineroVoucher" SET "status" = 'sent', "bookedAt" = ${AT}, "lastError" = NULL, "lockedUntil" = NULL WHERE "id" = $1::bigint`,
        values: [id, now],
      });
      await sql.query({
        text: `UPDATE "DineroConnection" SET "failingSince" = NULL WHERE "accountId" = $1`,
        values: [row.accountId],
      });
      continue;
    }
    if (settlement.kind === "skipped") {
      await sql.query({ text: `DELETE FROM "DineroVoucher" WHERE "id" = $1::bigint`, values: [id] });
      continue;
    }
    const retry = settlement.kind === "retry";
    await sql.query({
      text: `UPDATE "DineroVoucher" SET "lastError" = $3,
          "status" = CASE WHEN $4::boolean THEN 'waiting' ELSE 'failed' END,
          "lockedUntil" = CASE WHEN $4::boolean THEN ${AT} + $5::int * interval '1 millisecond' ELSE NULL END
        WHERE "id" = $1::bigint`,
      values: [id, now, settlement.errorName, retry, retry ? settlement.afterMs : 0],
    });
    await sql.query({
      text: `UPDATE "DineroConnection" SET "failingSince" = COALESCE("failingSince", ${AT}) WHERE "accountId" = $1`,
      values: [row.accountId, now],
    });
  }
}
