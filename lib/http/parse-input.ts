import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { issueDetails, REPORT_INPUT, ruleDetail } from "@/lib/error-details";
import { parseJsonText } from "./parse-json-text";
import { findUnstorableText } from "@/lib/schemas/storable-text";

export const MAX_BODY_BYTES = 100 * 1024;

/** Parses a body, query or form: 400 `Validation failed` with details when it is not of the schema. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const unstorable = findUnstorableText(value);
  if (unstorable !== undefined) {
    throw new AppError("validation_failed", { details: [ruleDetail(unstorable, "unstorable_text")] });
  }
  const result = schema.safeParse(value, REPORT_INPUT);
  if (!result.success) throw new AppError("validation_failed", { details: issueDetails(result.error) });
  return result.data;
}

/** Parses a path's params: a segment that cannot name anything answers 404, as an unknown id does. */
export function parsePathParams<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = findUnstorableText(value) === undefined ? schema.safeParse(value) : undefined;
  if (!result?.success) throw new AppError("not_found");
  return result.data;
}

export function parseQuery<T extends z.ZodType>(schema: T, request: NextRequest): z.infer<T> {
  return parseWith(schema, Object.fromEntries(request.nextUrl.searchParams));
}

/** Reads a JSON body: 413 past `maxBytes` (100 kB), 400 when it is not JSON (or nested too deep) or not of the schema. */
export async function parseBody<T extends z.ZodType>(
  schema: T,
  request: NextRequest,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.infer<T>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new AppError("payload_too_large");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new AppError("payload_too_large");
  const text = new TextDecoder().decode(bytes);
  return parseWith(schema, text.trim() === "" ? undefined : parseJsonText(text));
}
