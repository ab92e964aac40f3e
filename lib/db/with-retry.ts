import "server-only";
import { Prisma } from "@prisma/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { sqlState } from "./errors";

/** SQLSTATEs of a transaction that lost a race and may simply run again. */
const RETRYABLE_STATES = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

export const RETRY_ATTEMPTS = 5;
/** Seconds a client is asked to wait when the service gives up (503). */
export const RETRY_AFTER_SECONDS = 1;

/**
 * Options for the booking transactions: READ COMMITTED (the database default; row locks do the
 * work), a connection wait and a run time that bound a saturated service instead of letting requests
 * queue without end.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

/** A lost serialization race or a deadlock: the whole transaction may run again. */
export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034") return true;
  const state = sqlState(error);
  return state !== undefined && RETRYABLE_STATES.has(state);
}

/** No connection within maxWait, or a transaction past its timeout: the service is saturated. */
function isSaturated(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2028";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `operation` (one whole transaction) and runs it again when it lost a serialization race or
 * a deadlock, with jittered exponential backoff, at most `attempts` times. A client never sees such
 * a conflict as a 500: past the cap, and when no connection or transaction could be had in time,
 * it answers 503 `Service unavailable` with `Retry-After`. Every other error passes through.
 */
export async function withRetry<T>(
  operation: () => Promise<T>,
  options: { label: string; attempts?: number; baseDelayMs?: number },
): Promise<T> {
  const attempts = options.attempts ?? RETRY_ATTEMPTS;
  const baseDelayMs = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (isSaturated(error)) {
        log.warn("transaction not started in time", { operation: options.label });
        throw new AppError("service_unavailable", { retryAfter: RETRY_AFTER_SECONDS });
      }
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) {
        log.warn("transaction conflict persisted", { operation: options.label, attempts, sqlState: sqlState(error) });
        throw new AppError("service_unavailable", { retryAfter: RETRY_AFTER_SECONDS });
      }
      log.debug("transaction conflict, retrying", { operation: options.label, attempt, sqlState: sqlState(error) });
      // Full jitter on an exponential base: 10, 20, 40, 80 ms ceilings by default.
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
