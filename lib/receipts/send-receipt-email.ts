import "server-only";
import { getDatabase } from "@/lib/db";
import { configuredEmailTransport, countEmailFailure, logDelivery } from "@/lib/email/configured-transport";
import { runJobs } from "@/lib/jobs/run-jobs";
import { log } from "@/lib/log";
import { receiptEmailJobs } from "./receipt-email-jobs";

/**
 * Sends the payment emails waiting in the notice outbox with the configured transport, reporting
 * to the log (order id and error name, never the address); resolves with how many were sent (the
 * jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingReceiptEmails(): Promise<number> {
  return runJobs(receiptEmailJobs, {
    sql: getDatabase().raw,
    context: {
      transport: configuredEmailTransport(),
      onSent: logDelivery,
      onFailed: (row, { givenUp, errorName }) => {
        countEmailFailure();
        const fields = { accountId: row.accountId, orderId: row.orderId, attempts: row.attempts, errorName };
        if (givenUp) log.error("receipt email given up", fields);
        else log.warn("receipt email not sent, will retry", fields);
      },
    },
  });
}
