/**
 * The series rule form's values (strings as typed) → the body the API's series schemas expect. Used
 * by the browser preview and by the server actions, so both see the same rule. Nothing is validated
 * here: a value that is not a number is passed on as typed and the zod schema reports it at its field.
 */
/**
 * How a series ends, as the form offers it: on a date, after a number of times, or (a series that
 * has both, which the API allows) whichever comes first. The bound not chosen is sent as null.
 */
export type SeriesEnd = "date" | "count" | "both";
const SERIES_ENDS: readonly string[] = ["date", "count", "both"] satisfies SeriesEnd[];

export type RuleFormValues = {
  frequency: string;
  interval: string;
  weekdays: string[];
  monthDay: string;
  localStartTime: string;
  durationMinutes: string;
  startsOn: string;
  ends: SeriesEnd;
  endsOn: string;
  count: string;
  capacity: string;
};

/** The end a stored rule shows as: its date, its count, or both when it has both. */
export function seriesEndOf(rule: { endsOn: unknown; count: unknown }): SeriesEnd {
  if (rule.endsOn != null && rule.count != null) return "both";
  return rule.count != null ? "count" : "date";
}

function integer(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The rule fields (without capacity): blank bounds are null (PATCH clears them), blank optional fields are left out. */
export function toRuleInput(values: RuleFormValues): Record<string, unknown> {
  const rule: Record<string, unknown> = {
    frequency: values.frequency,
    interval: integer(values.interval),
    localStartTime: values.localStartTime.trim(),
    durationMinutes: integer(values.durationMinutes),
    startsOn: values.startsOn.trim(),
    endsOn: values.ends === "count" || values.endsOn.trim() === "" ? null : values.endsOn.trim(),
    count: values.ends === "date" ? null : (integer(values.count) ?? null),
  };
  if (values.frequency === "weekly" && values.weekdays.length > 0)
    rule.weekdays = values.weekdays.map((day) => integer(day));
  if (values.frequency === "monthly") rule.monthDay = integer(values.monthDay);
  return Object.fromEntries(Object.entries(rule).filter(([, value]) => value !== undefined));
}

/** The rule plus `capacity` (blank: the event's). */
export function toSeriesInput(values: RuleFormValues): Record<string, unknown> {
  const capacity = integer(values.capacity);
  return { ...toRuleInput(values), ...(capacity === undefined ? {} : { capacity }) };
}

export function ruleValuesFromFormData(formData: FormData): RuleFormValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    frequency: text("frequency"),
    interval: text("interval"),
    weekdays: formData.getAll("weekdays").filter((value): value is string => typeof value === "string"),
    monthDay: text("monthDay"),
    localStartTime: text("localStartTime"),
    durationMinutes: text("durationMinutes"),
    startsOn: text("startsOn"),
    // a form without the choice sends both bounds as typed
    ends: SERIES_ENDS.includes(text("ends")) ? (text("ends") as SeriesEnd) : "both",
    endsOn: text("endsOn"),
    count: text("count"),
    capacity: text("capacity"),
  };
}
