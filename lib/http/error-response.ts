import "server-only";
import { NextResponse } from "next/server";
import { isRefusedValue, sqlState } from "@/lib/db/errors";
import { noteDatabaseFailure } from "@/lib/db/reachability";
import { AppError, ERRORS } from "@/lib/errors";
import { log, redactSecrets } from "@/lib/log";
import { ruleDetail } from "@/lib/error-details";

const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * Maps any thrown value to the contract's `{ error }` body. Unknown errors are logged, not shown.
 * `startedAt` (performance.now()) is when the request began.
 */
export function toErrorResponse(error: unknown, route: string, startedAt: number): NextResponse {
  const appError =
    error instanceof AppError ? error : (databaseNotAvailable(error, startedAt) ?? refusedValue(error, route));
  if (!appError) {
    log.error("unhandled error", {
      route,
      errorName: error instanceof Error ? error.name : typeof error,
      errorMessage: error instanceof Error ? redactSecrets(error.message).slice(0, 500) : undefined,
    });
  }
  const code = appError?.code ?? "internal";
  const body: { error: string; details?: unknown } = { error: ERRORS[code].message };
  // A 400's details, and the few conflicts that say more (an expired gift card: until when it can be paid out).
  if (appError?.details && (code === "validation_failed" || code === "gift_card_expired"))
    body.details = appError.details;
  const status = ERRORS[code].status;
  const response = NextResponse.json(body, { status });
  // Every 503 says when to try again (README); one that names no time: a payment or accounting
  // provider not answering, which is seldom back within a second.
  const retryAfter = appError?.retryAfter ?? (status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) response.headers.set("Retry-After", String(retryAfter));
  return response;
}

/**
 * The database cannot be reached, or a request ran out of time waiting for it (no pooled connection
 * came free, a transaction past its timeout, a lock or statement timeout): 503 with Retry-After,
 * on every endpoint. An outage is logged once (lib/db/reachability.ts), not once per request.
 */
function databaseNotAvailable(error: unknown, startedAt: number): AppError | undefined {
  if (!noteDatabaseFailure(error, startedAt)) return undefined;
  return new AppError("service_unavailable", { retryAfter: 1 });
}

/**
 * A value the database refused that no schema caught: still the caller's input, so 400, never a
 * 500; logged as a warning, since the schema that should have refused it is missing a rule.
 */
function refusedValue(error: unknown, route: string): AppError | undefined {
  if (!isRefusedValue(error)) return undefined;
  log.warn("database refused a value the schemas let through", { route, sqlState: sqlState(error) });
  return new AppError("validation_failed", {
    details: [ruleDetail("", "value_not_storable")],
  });
}
