import { AppError, type ErrorDetail } from "@/lib/errors";
import { addYears, MAX_OCCURRENCES, MAX_SPAN_YEARS } from "@/lib/recurrence/expand-series";

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

/** The words for what the series schema and the recurrence engine say in English about a rule. */
export type WeeklyClassWords = {
  chooseWeekday: string;
  chooseEnd: string;
  required: string;
  endBeforeStart: string;
  tooFar: string;
  tooMany: string;
};

function integer(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The weekly-times half of the "Add a weekly class" form as the body of POST /events/{id}/series
 * (frequency weekly, every week). "No end" is the furthest the caps allow: two years after the first
 * date, at most 500 times. What is missing is reported here in the reader's words (400 with details).
 */
export function weeklyRuleInput(values: WeeklyClassRule, words: WeeklyClassWords): Record<string, unknown> {
  const details: ErrorDetail[] = [];
  if (values.weekdays.length === 0) details.push({ path: "weekdays", message: words.chooseWeekday });
  if (!values.localStartTime.trim()) details.push({ path: "localStartTime", message: words.required });
  if (!values.startsOn.trim()) details.push({ path: "startsOn", message: words.required });
  const ends = values.ends as WeeklyClassEnd;
  if (!WEEKLY_CLASS_ENDS.includes(ends)) details.push({ path: "ends", message: words.chooseEnd });
  if (ends === "count" && !values.count.trim()) details.push({ path: "count", message: words.required });
  if (ends === "date" && !values.endsOn.trim()) details.push({ path: "endsOn", message: words.required });
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

/** The schema's and the engine's English sentences about a rule, in the reader's words. */
export function ruleDetailsInWords(details: ErrorDetail[], words: WeeklyClassWords): ErrorDetail[] {
  return details.map((detail) => {
    if (/^endsOn must not be before startsOn$/.test(detail.message))
      return { ...detail, message: words.endBeforeStart };
    if (/^endsOn must be at most \d+ years after startsOn$/.test(detail.message))
      return { ...detail, message: words.tooFar };
    if (/^At most \d+ occurrences per series$/.test(detail.message)) return { ...detail, message: words.tooMany };
    return detail;
  });
}
