import { MAX_OCCURRENCES, type RecurrenceRuleInput } from "@/lib/recurrence";
import { Timezone } from "./account-input";
import { IsoDate } from "./common";
import { DurationMinutes } from "./duration-preset";
import { z } from "./zod";
import { issueDetails, REPORT_INPUT, ruleIssue, type ErrorDetail, type PlainRuleCode } from "@/lib/error-details";

/**
 * The rule fields of a series write body (decisions §4). Cross-field checks live in
 * `checkSeriesRule`, so `SeriesRuleFields` can still be extended (`capacity`) or made partial (PATCH);
 * apply `.superRefine(checkSeriesRule)` to the result (for PATCH: to the rule merged with the stored one).
 * The caps (500 occurrences, `endsOn` ≤ 2 years after `startsOn`) are enforced by `expandSeries`,
 * which throws a RecurrenceLimitError; `count` also carries its maximum here for the OpenAPI document.
 */
export const SeriesFrequencySchema = z
  .enum(["daily", "weekly", "monthly"])
  .openapi("SeriesFrequency", { example: "weekly" });

export const LocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Expected a time HH:MM (24-hour)")
  .openapi({ example: "18:00", description: "Wall-clock time in the series' timezone, HH:MM (24-hour)" });

const LocalDate = (description: string) => IsoDate.openapi({ example: "2026-09-01", description });

export const SeriesRuleFields = z.strictObject({
  frequency: SeriesFrequencySchema,
  interval: z
    .number()
    .int()
    .min(1)
    .max(52)
    .optional()
    .openapi({ example: 1, default: 1, description: "Every n days, weeks or months" }),
  weekdays: z
    .array(z.number().int().min(0).max(6))
    .min(1)
    .max(7)
    .optional()
    .openapi({
      example: [2, 4],
      description: "Weekly rules: 0 (Sunday) to 6 (Saturday); default: weekday of startsOn",
    }),
  monthDay: z
    .number()
    .int()
    .min(1)
    .max(31)
    .optional()
    .openapi({
      example: 15,
      description: "Monthly rules: day of the month (months without it are skipped); default: day of startsOn",
    }),
  localStartTime: LocalTime,
  durationMinutes: DurationMinutes.optional().openapi({ example: 60, description: "Default: the event's duration" }),
  timezone: Timezone.optional().openapi({
    example: "Europe/Copenhagen",
    description: "IANA timezone; default: the account's",
  }),
  startsOn: LocalDate("First local date of the rule (YYYY-MM-DD)"),
  endsOn: LocalDate("Last local date, inclusive; at most 2 years after startsOn").nullable().optional(),
  count: z
    .number()
    .int()
    .min(1)
    .max(MAX_OCCURRENCES)
    .nullable()
    .optional()
    .openapi({ example: 12, description: "Number of occurrences of the rule; the earlier of endsOn and count wins" }),
});

type SeriesRuleFieldValues = Partial<z.infer<typeof SeriesRuleFields>>;

/** Checks between fields: a bound is present, endsOn is not before startsOn, weekdays/monthDay fit the frequency. */
export function checkSeriesRule(rule: SeriesRuleFieldValues, context: z.RefinementCtx): void {
  const issue = (path: string, code: PlainRuleCode) => context.addIssue({ code: "custom", path: [path], ...ruleIssue(code) });
  if (rule.endsOn == null && rule.count == null) issue("endsOn", "ends_required");
  if (rule.endsOn != null && rule.startsOn != null && rule.endsOn < rule.startsOn) {
    issue("endsOn", "series_end_before_start");
  }
  if (rule.weekdays !== undefined) {
    if (rule.frequency !== "weekly") issue("weekdays", "weekdays_weekly_only");
    if (new Set(rule.weekdays).size !== rule.weekdays.length) issue("weekdays", "weekdays_repeat");
  }
  if (rule.monthDay !== undefined && rule.frequency !== "monthly")
    issue("monthDay", "month_day_monthly_only");
}

export const SeriesRuleInput = SeriesRuleFields.superRefine(checkSeriesRule).openapi("SeriesRuleInput");
export type SeriesRuleInput = z.infer<typeof SeriesRuleInput>;

/** Validates a rule outside the route wrapper (e.g. the dashboard's preview), with 400-style details. */
export function validateSeriesRule(
  input: unknown,
): { success: true; data: SeriesRuleInput } | { success: false; details: ErrorDetail[] } {
  const result = SeriesRuleInput.safeParse(input, REPORT_INPUT);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    details: issueDetails(result.error),
  };
}

// A parsed rule is a valid input of the recurrence engine (compile-time check).
true satisfies SeriesRuleInput extends RecurrenceRuleInput ? true : false;
