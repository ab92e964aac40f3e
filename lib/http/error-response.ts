import "server-only";
import { NextResponse } from "next/server";
import { AppError, ERRORS } from "@/lib/errors";
import { log, redactSecrets } from "@/lib/log";

/** Maps any thrown value to the contract's `{ error }` body. Unknown errors are logged, not shown. */
export function toErrorResponse(error: unknown, route: string): NextResponse {
  const appError = error instanceof AppError ? error : poolExhausted(error);
  if (!appError) {
    log.error("unhandled error", {
      route,
      errorName: error instanceof Error ? error.name : typeof error,
      errorMessage: error instanceof Error ? redactSecrets(error.message).slice(0, 500) : undefined,
    });
  }
  const code = appError?.code ?? "internal";
  const body: { error: string; details?: unknown } = { error: ERRORS[code].message };
  if (appError?.details && code === "validation_failed") body.details = appError.details;
  const response = NextResponse.json(body, { status: ERRORS[code].status });
  if (appError?.retryAfter !== undefined) response.headers.set("Retry-After", String(appError.retryAfter));
  return response;
}

/** No database connection came free in time: the service is saturated, not broken. */
function poolExhausted(error: unknown): AppError | undefined {
  const texts = [error, (error as { cause?: unknown } | null)?.cause].map((e) => (e instanceof Error ? e.message : ""));
  return texts.some((text) => text.includes("timeout exceeded when trying to connect"))
    ? new AppError("service_unavailable", { retryAfter: 1 })
    : undefined;
}
