import "server-only";
import { createHmac } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export type RateLimitRule = {
  /** What is limited, e.g. "magic-link:email". Part of the bucket key. */
  name: string;
  /** Who is limited, e.g. an IP or "accountId email". Only its keyed hash is stored. */
  subject: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds?: number;
};

/** About one hit in a hundred also removes elapsed buckets, so that the table stays small. */
const PRUNE_PROBABILITY = 0.01;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * The stored key of a bucket: HMAC-SHA-256 of name and subject under AUTH_SECRET, so that the table
 * never holds an email or an address in clear and a leaked table cannot be matched against a list.
 */
export function rateLimitKey(name: string, subject: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`${name}\n${subject}`).digest("hex");
}

/**
 * Counts one request against a fixed-window bucket in the RateLimitBucket table, atomically: one
 * INSERT … ON CONFLICT DO UPDATE … RETURNING, so every app process shares the same counters and
 * concurrent requests never lose an increment. An elapsed window restarts at 1.
 */
export async function hitRateLimit(rule: RateLimitRule): Promise<RateLimitResult> {
  const windowSeconds = rule.windowSeconds ?? env().RATE_LIMIT_WINDOW_SECONDS;
  const key = rateLimitKey(rule.name, rule.subject);
  const now = new Date();
  // The columns are TIMESTAMP(3) holding UTC (as Prisma writes them): pass UTC wall-clock text, so
  // the server's TimeZone setting plays no part.
  const nowText = now.toISOString();
  const resetText = new Date(now.getTime() + windowSeconds * 1000).toISOString();
  const rows = await db.$queryRaw<{ count: number; resetAtMs: number }[]>`
    INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
    VALUES (${key}, 1, ${resetText}::timestamp(3))
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitBucket"."resetAt" <= ${nowText}::timestamp(3) THEN 1
                     ELSE "RateLimitBucket"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimitBucket"."resetAt" <= ${nowText}::timestamp(3) THEN EXCLUDED."resetAt"
                       ELSE "RateLimitBucket"."resetAt" END
    RETURNING "count", (EXTRACT(EPOCH FROM "resetAt") * 1000)::float8 AS "resetAtMs"`;
  if (Math.random() < PRUNE_PROBABILITY) void pruneExpiredBuckets(nowText);
  const row = rows[0];
  if (!row) throw new Error("rate limit bucket upsert returned no row");
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.resetAtMs) - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/**
 * Whether `rule`'s bucket still has room, without counting a request: for limits that count only some
 * outcomes (a wrong gift card code), checked before the request and hit only when it turns out to count.
 */
export async function peekRateLimit(rule: RateLimitRule): Promise<RateLimitResult> {
  const key = rateLimitKey(rule.name, rule.subject);
  const now = new Date();
  const rows = await db.$queryRaw<{ count: number; resetAtMs: number }[]>`
    SELECT "count", (EXTRACT(EPOCH FROM "resetAt") * 1000)::float8 AS "resetAtMs" FROM "RateLimitBucket"
     WHERE "key" = ${key} AND "resetAt" > ${now.toISOString()}::timestamp(3)`;
  const row = rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.resetAtMs) - now.getTime()) / 1000));
  return { allowed: count < rule.limit, count, retryAfterSeconds };
}

async function pruneExpiredBuckets(nowText: string): Promise<void> {
  try {
    await db.$executeRaw`DELETE FROM "RateLimitBucket" WHERE "resetAt" <= ${nowText}::timestamp(3)`;
  } catch {
    // Housekeeping only: an elapsed bucket restarts at 1 whether or not it was deleted.
  }
}
