import { isStorableText } from "./storable-text";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const ErrorSchema = z.object({ error: z.string().openapi({ example: "Resource not found" }) }).openapi("Error");

export const ValidationErrorSchema = z
  .object({
    error: z.literal("Validation failed"),
    details: z
      .array(
        z.object({
          path: z.string().openapi({
            example: "prices.0.amount",
            description: "The field at fault, dotted; empty for the whole body",
          }),
          message: z
            .string()
            .openapi({ example: "Too small: expected number to be >=0", description: "An English sentence" }),
          code: z.string().openapi({
            example: "too_small",
            description:
              "A stable snake_case word a client can translate: zod's issue codes (`invalid_type`, `too_small`, `too_big`, `invalid_format`, `invalid_value`, `unrecognized_keys`, …) or a rule's own (`ends_required`, `class_allowance_required`, `pause_overlaps`, …)",
          }),
          params: z
            .record(z.string(), z.unknown())
            .optional()
            .openapi({
              example: { origin: "number", minimum: 0, inclusive: true },
              description:
                "The values the sentence needs (`minimum`, `maximum`, `origin`, `format`, dates as `YYYY-MM-DD`, …)",
            }),
        }),
      )
      .optional(),
  })
  .openapi("ValidationError");

/** A caller's string: every input schema's text starts here, so nothing PostgreSQL cannot store gets past parsing. */
export const text = () => z.string().refine(isStorableText, ruleIssue("unstorable_text"));

export const Id = text().min(1).max(200).openapi({ example: "3f1c2b8e-6d1a-4c51-9d0e-2b7f3c9a1e55" });
export const IdParam = <K extends string>(name: K) => z.object({ [name]: Id } as Record<K, typeof Id>);

/** Emails are trimmed and lower-cased on input (decisions §1). */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email().max(320))
  .openapi({ example: "ida@example.com", format: "email" });

/**
 * Dates a caller may send: years 1900 to 9999. PostgreSQL has no year 0 and JavaScript dates end in
 * 275760, so a wider range would reach the database as a value it refuses.
 */
export const ACCEPTED_YEARS = { first: 1900, last: 9999 } as const;
/** The accepted years as the params of `year_out_of_range`. */
export const ACCEPTED_YEAR_BOUNDS = { minimum: ACCEPTED_YEARS.first, maximum: ACCEPTED_YEARS.last };
const inAcceptedYears = (year: number) => year >= ACCEPTED_YEARS.first && year <= ACCEPTED_YEARS.last;
// Each judges the year alone: a value that is no date at all is reported by the format check, once.
const dateInAcceptedYears = (value: string) => !/^\d{4}-/.test(value) || inAcceptedYears(Number(value.slice(0, 4)));
/** The instant's year in UTC: `9999-12-31T23:00:00-14:00` is in year 10000, which the database refuses. */
const instantInAcceptedYears = (value: string) => {
  const instant = Date.parse(value);
  return Number.isNaN(instant) || inAcceptedYears(new Date(instant).getUTCFullYear());
};

const FIRST_INSTANT = Date.UTC(ACCEPTED_YEARS.first, 0, 1);
const LAST_INSTANT = Date.UTC(ACCEPTED_YEARS.last + 1, 0, 1) - 1;
/** A bound derived from a caller's date (`from` + 90 days) kept within the accepted years. */
export function clampToAcceptedYears(date: Date): Date {
  return new Date(Math.min(Math.max(date.getTime(), FIRST_INSTANT), LAST_INSTANT));
}

export const IsoDate = z.iso
  .date()
  .refine(dateInAcceptedYears, ruleIssue("year_out_of_range", ACCEPTED_YEAR_BOUNDS))
  .openapi({
    example: "1990-04-12",
    description: `\`YYYY-MM-DD\`, years ${ACCEPTED_YEARS.first}–${ACCEPTED_YEARS.last}`,
  });
export const IsoDateTime = z.iso
  .datetime({ offset: true })
  .refine(instantInAcceptedYears, ruleIssue("year_out_of_range", ACCEPTED_YEAR_BOUNDS))
  .openapi({
    example: "2026-11-24T17:00:00Z",
    description: `ISO 8601 with an offset; the instant within the years ${ACCEPTED_YEARS.first}–${ACCEPTED_YEARS.last} (UTC)`,
  });

export function toIsoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}
