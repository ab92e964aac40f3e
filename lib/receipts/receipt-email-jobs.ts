import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { tenantDb } from "@/lib/db/tenant-db";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { AppError } from "@/lib/errors";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";
import { appEmailJobOptions } from "@/lib/jobs/app-job-options";
import { runJobs, type JobKind, type JobOutcome } from "@/lib/jobs/run-jobs";
import { getCreditNoteFactsOrThrow, getReceiptFactsOrThrow } from "./get-receipt-facts";

/** A claimed receipt: the paid order's payment email, or a refund's email with its credit note (`refundId`). */
type ClaimedReceipt = {
  id: string;
  attempts: number;
  accountId: string;
  orderId: string;
  refundId: string | null;
  accountName: string;
};

type ReceiptEmailContext = {
  transport: EmailTransport;
  /** The public origin (APP_URL): the withdrawal page's link. */
  appUrl: string;
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
 * A refund's email to the payer, its credit note attached, in the transaction that recorded the refund.
 */
export async function enqueueCreditNoteEmail(
  tx: Pick<TenantTx, "noticeEmail" | "membership">,
  refund: { accountId: string; orderId: string; refundId: string; userId: string },
): Promise<void> {
  await enqueueNoticeEmail(tx, {
    accountId: refund.accountId,
    kind: "credit_note",
    to: { userId: refund.userId },
    orderId: refund.orderId,
    refundId: refund.refundId,
  });
}

/**
 * The payment emails (`receipt` rows of NoticeEmail), their receipt attached as a PDF, and the
 * refund emails (`credit_note` rows), their credit note attached, rendered and sent in an email
 * worker thread (decision 0010). The message id is the order's (`receipt-<orderId>`) or the
 * refund's (`credit-note-<refundId>`), the same on every attempt. An order deleted meanwhile takes its row with
 * it; one no longer with a receipt (never paid) is skipped.
 */
export const receiptEmailJobs: JobKind<ClaimedReceipt, ReceiptEmailContext> = {
  name: "receipt emails",
  noun: "receipt email",
  logFields: (row) => ({ accountId: row.accountId, orderId: row.orderId }),
  table: `"NoticeEmail"`,
  idType: "bigint",
  due: `j."kind" IN ('receipt', 'credit_note')`,
  order: `j."id"`,
  returning: `"id", "accountId", "orderId", "refundId", "attempts"`,
  select: `
    SELECT c."id"::text AS "id", c."attempts", c."accountId", c."orderId", c."refundId", a."name" AS "accountName"
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
  const { sql, log, transport, onSent, onFailed, appUrl } = appEmailJobOptions();
  return runJobs(receiptEmailJobs, { sql, log, context: { transport, appUrl, onSent, onFailed } });
}

async function sendReceipt(row: ClaimedReceipt, context: ReceiptEmailContext): Promise<JobOutcome> {
  try {
    const db = tenantDb(row.accountId);
    const facts = row.refundId
      ? await getCreditNoteFactsOrThrow({ db, refundId: row.refundId })
      : await getReceiptFactsOrThrow({ db, orderId: row.orderId });
    const note = await runInEmailWorker({
      kind: "receipt",
      transport: context.transport,
      id: row.refundId ? `credit-note-${row.refundId}` : `receipt-${row.orderId}`,
      to: facts.buyer.email,
      content: { facts, studioName: row.accountName, appUrl: context.appUrl },
    });
    context.onSent(note);
    return { done: true };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { skipped: true };
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}
