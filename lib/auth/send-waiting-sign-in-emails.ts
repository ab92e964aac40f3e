import "server-only";
import { getDatabase } from "@/lib/db";
import { configuredEmailTransport, countEmailFailure, logDelivery } from "@/lib/email/configured-transport";
import { env } from "@/lib/env";
import { runJobs } from "@/lib/jobs/run-jobs";
import { log } from "@/lib/log";
import { signInEmailJobs } from "./sign-in-email-jobs";

/**
 * Sends the sign-in emails waiting with their links, with the configured transport, reporting to
 * the log (the studio and the error's name, never the link or the address); resolves with how many
 * were sent (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingSignInEmails(): Promise<number> {
  return runJobs(signInEmailJobs, {
    sql: getDatabase().raw,
    context: {
      transport: configuredEmailTransport(),
      secret: env().AUTH_SECRET,
      onSent: logDelivery,
      onFailed: (row, { givenUp, errorName }) => {
        countEmailFailure();
        const fields = { accountId: row.accountId, attempts: row.attempts, errorName };
        if (givenUp) log.error("magic link email given up", fields);
        else log.warn("magic link email not sent, will retry", fields);
      },
    },
  });
}
