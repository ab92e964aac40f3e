// What a drain of an email outbox does with a batch the worker has sent (drain-booking-emails.ts,
// drain-notice-emails.ts): no server-only, the drains run it in every serving process.
import type { EmailOutcome } from "./email-worker";
import type { DeliveryNote } from "./transport";

/** A claimed outbox row: its id and how many attempts its claim has counted. */
type ClaimedRow = { id: string; attempts: number };

/**
 * The rows to delete (sent, no longer to be sent, or given up after `maxAttempts`), each sent email
 * and each failure reported; a failed row that is not given up stays, to be claimed after its lease.
 */
export function settleOutboxBatch<Row extends ClaimedRow>(
  batch: Row[],
  outcomes: EmailOutcome[],
  options: {
    maxAttempts: number;
    onSent: (note: DeliveryNote) => void;
    onFailed: (row: Row, failure: { givenUp: boolean; errorName: string }) => void;
  },
): string[] {
  const done: string[] = [];
  batch.forEach((row, index) => {
    const outcome = outcomes[index]!;
    if ("sent" in outcome) options.onSent(outcome.sent);
    if (!("failed" in outcome)) return void done.push(row.id);
    const givenUp = row.attempts >= options.maxAttempts;
    if (givenUp) done.push(row.id);
    options.onFailed(row, { givenUp, errorName: outcome.failed });
  });
  return done;
}
