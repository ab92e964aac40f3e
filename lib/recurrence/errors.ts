/**
 * Errors of the recurrence engine. Both kinds are a client's mistake: the HTTP layer maps any
 * `RecurrenceRuleError` to 400 "Validation failed" with `details: [error.detail]`.
 * (No dependency on lib/errors so that the engine also runs in the browser.)
 */
export class RecurrenceRuleError extends Error {
  /** The rule field at fault, e.g. "count" or "endsOn". */
  readonly path: string;

  constructor(path: string, message: string) {
    super(message);
    this.name = "RecurrenceRuleError";
    this.path = path;
  }

  /** The `{ path, message }` entry for a 400 body's `details`. */
  get detail(): { path: string; message: string } {
    return { path: this.path, message: this.message };
  }
}

/** The rule is malformed (a value out of range, no bound, `endsOn` before `startsOn`, …). */
export class InvalidRecurrenceRuleError extends RecurrenceRuleError {
  constructor(path: string, message: string) {
    super(path, message);
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

  constructor(reason: RecurrenceLimitReason, path: string, message: string) {
    super(path, message);
    this.name = "RecurrenceLimitError";
    this.reason = reason;
  }
}
