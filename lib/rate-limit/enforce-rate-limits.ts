import "server-only";
import { AppError } from "@/lib/errors";
import { hitRateLimit, type RateLimitRule } from "./hit-rate-limit";

/**
 * Counts the request against each rule in order and stops at the first exhausted one:
 * 429 `Too many requests` with `Retry-After` (seconds until that bucket's window ends).
 */
export async function enforceRateLimits(rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const result = await hitRateLimit(rule);
    if (!result.allowed) throw new AppError("too_many_requests", { retryAfter: result.retryAfterSeconds });
  }
}
