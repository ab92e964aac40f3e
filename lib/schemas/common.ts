import { z } from "./zod";

export const ErrorSchema = z
  .object({ error: z.string().openapi({ example: "Resource not found" }) })
  .openapi("Error");

export const ValidationErrorSchema = z
  .object({
    error: z.literal("Validation failed"),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi("ValidationError");

export const Id = z.string().min(1).max(200).openapi({ example: "3f1c2b8e-6d1a-4c51-9d0e-2b7f3c9a1e55" });
export const IdParam = <K extends string>(name: K) => z.object({ [name]: Id } as Record<K, typeof Id>);

/** Emails are trimmed and lower-cased on input (decisions §1). */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email().max(320))
  .openapi({ example: "ida@example.com", format: "email" });

export const IsoDate = z.iso.date().openapi({ example: "1990-04-12" });
export const IsoDateTime = z.iso.datetime({ offset: true }).openapi({ example: "2026-11-24T17:00:00Z" });

export function toIsoDate(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}
