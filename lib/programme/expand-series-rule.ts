import "server-only";
import { AppError } from "@/lib/errors";
import { expandSeries, RecurrenceRuleError, type Occurrence, type RecurrenceRule } from "@/lib/recurrence";

/**
 * The recurrence engine seen from the domain: the one place where a malformed rule or a rule past a
 * cap (500 occurrences, `endsOn` at most 2 years after `startsOn`) becomes 400 `Validation failed`
 * with the engine's `{ path, message }` as the only detail.
 */
export function expandSeriesRule(rule: RecurrenceRule): Occurrence[] {
  try {
    return expandSeries(rule);
  } catch (error) {
    if (error instanceof RecurrenceRuleError) throw new AppError("validation_failed", { details: [error.detail] });
    throw error;
  }
}
