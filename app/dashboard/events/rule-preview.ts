import type { ErrorDetail } from "@/lib/error-details";
import { expandSeries, RecurrenceRuleError, resolveRule, type Occurrence } from "@/lib/recurrence";
import { validateSeriesRule } from "@/lib/schemas/series-rule";
import { toRuleInput, type RuleFormValues } from "./rule-values";

export type RulePreview = { ok: true; total: number; first: Occurrence[] } | { ok: false; errors: ErrorDetail[] };

/**
 * What saving the form would generate, computed like the API does (series schema, then resolveRule
 * with the studio's timezone and the event's duration, then expandSeries with its caps): the first
 * `limit` occurrences and the total, or the same details a 400 would carry.
 */
export function previewRule(
  values: RuleFormValues,
  defaults: { timezone: string; durationMinutes: number },
  limit = 10,
): RulePreview {
  const parsed = validateSeriesRule(toRuleInput(values));
  if (!parsed.success) return { ok: false, errors: parsed.details };
  try {
    const occurrences = expandSeries(resolveRule(parsed.data, defaults));
    return { ok: true, total: occurrences.length, first: occurrences.slice(0, limit) };
  } catch (error) {
    if (error instanceof RecurrenceRuleError) return { ok: false, errors: [error.detail] };
    throw error;
  }
}
