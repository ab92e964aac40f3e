import type { ErrorDetail } from "@/lib/error-details";

/**
 * Errors of the recurrence engine. Both kinds are a client's mistake: the HTTP layer maps any
 * `RecurrenceRuleError` to 400 "Validation failed" with `details: [error.detail]`.
 * (No dependency on lib/errors so that the engine also runs in the browser.)
 */
export class RecurrenceRuleError extends Error {
  /** The `{ path, message, code, params? }` entry for a 400 body's `details`; its path the rule field at fault. */
  readonly detail: ErrorDetail;

  constructor(detail: ErrorDetail) {
    super(detail.message);
    this.name = "RecurrenceRuleError";
    this.detail = detail;
  }

  /** The rule field at fault, e.g. "count" or "endsOn". */
  get path(): string {
    return this.detail.path;
  }
}

/** The rule is malformed (a value out of range, no bound, `endsOn` before `startsOn`, …). */
export class InvalidRecurrenceRuleError extends RecurrenceRuleError {
  constructor(detail: ErrorDetail) {
    super(detail);
    this.name = "InvalidRecurrenceRuleError";
  }
}

export type RecurrenceLimitReason =
  /** `count` above the 500 occurrences a series may have. */
  | "count_exceeds_limit"
  /** `endsOn` more than 2 years after `startsOn`. */
  | "ends_on_too_far"
  /** The rule is bounded by `endsOn` only and yields more than 500 occurrences. */
  | "too_many_occurrences";

/** The rule is well formed but exceeds a cap of decisions §4. */
export class RecurrenceLimitError extends RecurrenceRuleError {
  readonly reason: RecurrenceLimitReason;

  constructor(reason: RecurrenceLimitReason, detail: ErrorDetail) {
    super(detail);
    this.name = "RecurrenceLimitError";
    this.reason = reason;
  }
}
