import "server-only";
import { getDatabase } from "@/lib/db";
import { runJobs } from "@/lib/jobs/run-jobs";
import { log } from "@/lib/log";
import { dineroVoucherJobs } from "./dinero-voucher-jobs";

/**
 * Sends the vouchers waiting for Dinero, reporting failures to the log (order id and error name,
 * never a credential); resolves with how many reached Dinero (the jobs runner calls it; tests may too).
 */
export function sendWaitingDineroVouchers(options: { now?: () => Date } = {}): Promise<number> {
  return runJobs(dineroVoucherJobs, {
    sql: getDatabase().raw,
    now: options.now,
    context: {
      onFailed: (row, { givenUp, errorName }) => {
        const fields = {
          accountId: row.accountId,
          orderId: row.orderId,
          kind: row.kind,
          attempts: row.attempts,
          errorName,
        };
        if (givenUp) log.error("Dinero voucher given up", fields);
        else log.warn("Dinero voucher not sent, will retry", fields);
      },
    },
  });
}
