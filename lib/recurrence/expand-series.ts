import * as rruleModule from "rrule";
import { InvalidRecurrenceRuleError, RecurrenceLimitError } from "./errors";
import { createLocalTimePlacer, toWallMs } from "./place-local-time";
import { ruleDetail, type PlainRuleCode } from "@/lib/error-details";

// rrule 2.8 ships ESM (bundlers) and a UMD build (Node), whose named exports Node cannot see.
const { RRule } = ("RRule" in rruleModule ? rruleModule : Reflect.get(rruleModule, "default")) as typeof rruleModule;

/** At most this many occurrences per series (decisions §4). */
export const MAX_OCCURRENCES = 500;
/** `endsOn` at most this many years after `startsOn` (decisions §4). */
export const MAX_SPAN_YEARS = 2;

export type Frequency = "daily" | "weekly" | "monthly";

/** A rule as a client sends it (fields of the series write body). */
export type RecurrenceRuleInput = {
  frequency: Frequency;
  interval?: number;
  /** 0 = Sunday … 6 = Saturday; weekly rules only. */
  weekdays?: readonly number[];
  /** 1..31; monthly rules only. */
  monthDay?: number;
  /** "HH:MM", wall-clock time in `timezone`. */
  localStartTime: string;
  durationMinutes?: number;
  timezone?: string;
  /** "YYYY-MM-DD". */
  startsOn: string;
  /** "YYYY-MM-DD", inclusive. */
  endsOn?: string | null;
  count?: number | null;
};

/** A rule with every default filled in; the shape stored on a Series row. */
export type RecurrenceRule = {
  frequency: Frequency;
  interval: number;
  /** Sorted and non-empty for weekly rules; empty otherwise. */
  weekdays: number[];
  /** Set for monthly rules; null otherwise. */
  monthDay: number | null;
  localStartTime: string;
  durationMinutes: number;
  timezone: string;
  startsOn: string;
  endsOn: string | null;
  count: number | null;
};

export type Occurrence = {
  /** The rule's local date ("YYYY-MM-DD"). */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
};

/** Fills the defaults of decisions §4: weekday/day of `startsOn`, the event's duration, the account's timezone. */
export function resolveRule(
  input: RecurrenceRuleInput,
  defaults: { timezone: string; durationMinutes: number },
): RecurrenceRule {
  const start = parseDate(input.startsOn, "startsOn");
  const weekdays =
    input.frequency === "weekly" ? [...new Set(input.weekdays ?? [start.getUTCDay()])].sort((a, b) => a - b) : [];
  return {
    frequency: input.frequency,
    interval: input.interval ?? 1,
    weekdays,
    monthDay: input.frequency === "monthly" ? (input.monthDay ?? start.getUTCDate()) : null,
    localStartTime: input.localStartTime,
    durationMinutes: input.durationMinutes ?? defaults.durationMinutes,
    timezone: input.timezone ?? defaults.timezone,
    startsOn: input.startsOn,
    endsOn: input.endsOn ?? null,
    count: input.count ?? null,
  };
}

/**
 * Every occurrence of `rule`, in order. The rule is expanded on floating local dates (rrule on UTC
 * midnights, no tzid); each date is then placed at `localStartTime` in the IANA zone: a time in a
 * spring-forward gap moves forward by the gap, an ambiguous fall-back time takes the earlier instant.
 * Throws InvalidRecurrenceRuleError for a malformed rule and RecurrenceLimitError past a cap.
 */
export function expandSeries(rule: RecurrenceRule): Occurrence[] {
  assertWellFormed(rule);
  const place = createLocalTimePlacer(rule.timezone); // throws for an unknown zone
  const dtstart = parseDate(rule.startsOn, "startsOn");
  const until = rule.endsOn === null ? null : parseDate(rule.endsOn, "endsOn");
  if (rule.count !== null && rule.count > MAX_OCCURRENCES) {
    throw new RecurrenceLimitError("count_exceeds_limit", ruleDetail("count", "occurrences_too_many", { maximum: MAX_OCCURRENCES }));
  }
  if (rule.endsOn !== null && rule.endsOn > addYears(rule.startsOn, MAX_SPAN_YEARS)) {
    throw new RecurrenceLimitError("ends_on_too_far", ruleDetail("endsOn", "series_too_long", { years: MAX_SPAN_YEARS }));
  }

  const dates = new RRule({
    freq: { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY }[rule.frequency],
    interval: rule.interval,
    dtstart,
    until,
    // One more than the cap, to notice an endsOn-only rule that overflows it.
    count: rule.count ?? MAX_OCCURRENCES + 1,
    wkst: RRule.MO,
    // rrule numbers weekdays from Monday (0); ours from Sunday (0).
    byweekday: rule.frequency === "weekly" ? rule.weekdays.map((day) => (day + 6) % 7) : null,
    bymonthday: rule.frequency === "monthly" ? rule.monthDay : null,
  }).all();
  if (dates.length > MAX_OCCURRENCES) {
    throw new RecurrenceLimitError("too_many_occurrences", ruleDetail("endsOn", "occurrences_too_many", { maximum: MAX_OCCURRENCES }));
  }

  const startMinutesMs = toWallMs("1970-01-01", rule.localStartTime);
  const durationMs = rule.durationMinutes * 60_000;
  return dates.map((date) => {
    const startsAt = place(date.getTime() + startMinutesMs);
    return {
      localDate: date.toISOString().slice(0, 10),
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + durationMs),
    };
  });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function parseDate(value: string, path: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new InvalidRecurrenceRuleError(ruleDetail(path, "date_invalid"));
  }
  return date;
}

/** Same month and day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(isoDate: string, years: number): string {
  const [y = 0, m = 1, d = 1] = isoDate.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(y + years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The engine may be called without the zod schema (dashboard preview, stored rows): check anyway. */
function assertWellFormed(rule: RecurrenceRule): void {
  const fail = (path: string, code: PlainRuleCode): never => {
    throw new InvalidRecurrenceRuleError(ruleDetail(path, code));
  };
  if (!["daily", "weekly", "monthly"].includes(rule.frequency)) fail("frequency", "frequency_invalid");
  if (!isInt(rule.interval, 1, 52)) fail("interval", "interval_invalid");
  if (rule.frequency === "weekly" && (rule.weekdays.length === 0 || !rule.weekdays.every((d) => isInt(d, 0, 6)))) {
    fail("weekdays", "weekdays_invalid");
  }
  if (rule.frequency === "monthly" && !isInt(rule.monthDay, 1, 31)) fail("monthDay", "month_day_invalid");
  if (!TIME.test(rule.localStartTime)) fail("localStartTime", "time_invalid");
  if (!isInt(rule.durationMinutes, 1, Number.MAX_SAFE_INTEGER)) fail("durationMinutes", "duration_invalid");
  if (rule.endsOn === null && rule.count === null) fail("endsOn", "ends_required");
  if (rule.count !== null && !isInt(rule.count, 1, Number.MAX_SAFE_INTEGER)) fail("count", "count_invalid");
  parseDate(rule.startsOn, "startsOn");
  if (rule.endsOn !== null) {
    parseDate(rule.endsOn, "endsOn");
    if (rule.endsOn < rule.startsOn) fail("endsOn", "series_end_before_start");
  }
}
