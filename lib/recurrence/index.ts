// The recurrence engine: pure functions, no server-only imports (the dashboard preview runs it in the browser).
export {
  expandSeries,
  resolveRule,
  MAX_OCCURRENCES,
  MAX_SPAN_YEARS,
  type Frequency,
  type Occurrence,
  type RecurrenceRule,
  type RecurrenceRuleInput,
} from "./expand-series";
export { createLocalTimePlacer, placeLocalTime, toWallMs } from "./place-local-time";
export {
  InvalidRecurrenceRuleError,
  RecurrenceLimitError,
  RecurrenceRuleError,
  type RecurrenceLimitReason,
} from "./errors";
