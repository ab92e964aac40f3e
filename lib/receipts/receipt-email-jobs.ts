import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { tenantDb } from "@/lib/db/tenant-db";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { AppError } from "@/lib/errors";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { appEmailJobOptions } from "@/lib/jobs/app-job-options";
import { runJobs, type JobKind, type JobOutcome } from "@/lib/jobs/run-jobs";
import { getReceiptFactsOrThrow } from "./get-receipt-facts";

/** A claimed receipt: the paid order's payment email. */
type ClaimedReceipt = { id: string; attempts: number; accountId: string; orderId: string; accountName: string };

type ReceiptEmailContext = {
  transport: EmailTransport;
  onSent: (note: DeliveryNote) => void;
  onFailed: () => void;
};

/**
 * Puts the payment email of a paid order in the notice outbox, in the transaction that paid it;
 * the commit wakes the jobs runner (lib/db/outbox-writes.ts, decision 0028).
 */
export async function enqueueReceiptEmail(
  tx: Pick<TenantTx, "noticeEmail" | "membership">,
  order: { accountId: string; orderId: string; userId: string },
): Promise<void> {
  await enqueueNoticeEmail(tx, {
    accountId: order.accountId,
    kind: "receipt",
    to: { userId: order.userId },
    orderId: order.orderId,
  });
}

/**
 * The payment emails (`receipt` rows of NoticeEmail), their receipt attached as a PDF, rendered and
 * sent in an email worker thread (decision 0010). The message id is the order's
 * (`receipt-<orderId>`), the same on every attempt. An order deleted meanwhile takes its row with
 * it; one no longer with a receipt (never paid) is skipped.
 */
export const receiptEmailJobs: JobKind<ClaimedReceipt, ReceiptEmailContext> = {
  name: "receipt emails",
  noun: "receipt email",
  logFields: (row) => ({ accountId: row.accountId, orderId: row.orderId }),
  table: `"NoticeEmail"`,
  idType: "bigint",
  due: `j."kind" = 'receipt'`,
  order: `j."id"`,
  returning: `"id", "accountId", "orderId", "attempts"`,
  select: `
    SELECT c."id"::text AS "id", c."attempts", c."accountId", c."orderId", a."name" AS "accountName"
    FROM claimed c JOIN "Account" a ON a."id" = c."accountId"
    ORDER BY c."id"`,
  batchSize: 10,
  leaseMs: 120_000,
  retryDelaysMs: [120_000, 120_000, 120_000, 120_000],
  // at once: one order's email does not wait behind another's PDF (the worker takes several tasks)
  handle: (batch, context) => Promise.all(batch.map((row) => sendReceipt(row, context))),
  onSettled: (_row, settlement, context) => {
    if (settlement.kind === "retry" || settlement.kind === "given_up") context.onFailed();
  },
};

/**
 * Sends the payment emails waiting in the notice outbox with the configured transport; the runner
 * logs failures (order id and error name, never the address). Resolves with how many were sent
 * (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingReceiptEmails(): Promise<number> {
  const { sql, log, transport, onSent, onFailed } = appEmailJobOptions();
  return runJobs(receiptEmailJobs, { sql, log, context: { transport, onSent, onFailed } });
}

async function sendReceipt(row: ClaimedReceipt, context: ReceiptEmailContext): Promise<JobOutcome> {
  try {
    const facts = await getReceiptFactsOrThrow({ db: tenantDb(row.accountId), orderId: row.orderId });
    const note = await runInEmailWorker({
      kind: "receipt",
      transport: context.transport,
      id: `receipt-${row.orderId}`,
      to: facts.buyer.email,
      content: { facts, studioName: row.accountName },
    });
    context.onSent(note);
    return { done: true };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { skipped: true };
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}
