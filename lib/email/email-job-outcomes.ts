// What an email worker's outcomes mean to the jobs runner (lib/jobs): sent is done, skipped (no longer
// to be sent) is settled uncounted, a failure is tried again. No server-only: the drains run in every serving process.
import type { JobOutcome } from "@/lib/jobs/run-jobs";
import type { EmailOutcome } from "./email-worker";
import type { DeliveryNote } from "./transport";

/** One job outcome per email outcome, each sent email reported. */
export function jobOutcomes(outcomes: EmailOutcome[], onSent: (note: DeliveryNote) => void): JobOutcome[] {
  return outcomes.map((outcome) => {
    if ("sent" in outcome) onSent(outcome.sent);
    return "sent" in outcome ? { done: true } : outcome;
  });
}
