import { AppError, type ErrorDetail } from "@/lib/errors";
import { addYears, MAX_OCCURRENCES, MAX_SPAN_YEARS } from "@/lib/recurrence/expand-series";
import { ruleDetail } from "@/lib/error-details";

/** How a weekly class ends: after a number of times, on a date, or not at all within the two-year cap. */
export const WEEKLY_CLASS_ENDS = ["count", "date", "none"] as const;
export type WeeklyClassEnd = (typeof WEEKLY_CLASS_ENDS)[number];

export type WeeklyClassRule = {
  weekdays: string[];
  localStartTime: string;
  startsOn: string;
  ends: string;
  count: string;
  endsOn: string;
};

function integer(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The weekly-times half of the "Add a weekly class" form as the body of POST /events/{id}/series
 * (frequency weekly, every week). "No end" is the furthest the caps allow: two years after the first
 * date, at most 500 times. What is missing is reported here (400 with details).
 */
export function weeklyRuleInput(values: WeeklyClassRule): Record<string, unknown> {
  const details: ErrorDetail[] = [];
  if (values.weekdays.length === 0) details.push(ruleDetail("weekdays", "weekday_required"));
  if (!values.localStartTime.trim()) details.push(ruleDetail("localStartTime", "required"));
  if (!values.startsOn.trim()) details.push(ruleDetail("startsOn", "required"));
  const ends = values.ends as WeeklyClassEnd;
  if (!WEEKLY_CLASS_ENDS.includes(ends)) details.push(ruleDetail("ends", "series_end_choice_required"));
  if (ends === "count" && !values.count.trim()) details.push(ruleDetail("count", "required"));
  if (ends === "date" && !values.endsOn.trim()) details.push(ruleDetail("endsOn", "required"));
  if (details.length > 0) throw new AppError("validation_failed", { details });
  const startsOn = values.startsOn.trim();
  return {
    frequency: "weekly",
    interval: 1,
    weekdays: values.weekdays.map((day) => integer(day)),
    localStartTime: values.localStartTime.trim(),
    startsOn,
    ...(ends === "count" ? { count: integer(values.count) } : {}),
    ...(ends === "date" ? { endsOn: values.endsOn.trim() } : {}),
    ...(ends === "none"
      ? {
          ...(/^\d{4}-\d{2}-\d{2}$/.test(startsOn) ? { endsOn: addYears(startsOn, MAX_SPAN_YEARS) } : {}),
          count: MAX_OCCURRENCES,
        }
      : {}),
  };
}
