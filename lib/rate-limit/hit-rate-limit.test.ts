import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { enforceRateLimits } from "./enforce-rate-limits";
import { hitRateLimit, rateLimitKey } from "./hit-rate-limit";

let n = 0;
const subject = () => `subject-${++n}-${Math.random()}`;

describe("hitRateLimit", () => {
  it("allows `limit` hits per window and refuses the next with the seconds left", async () => {
    const rule = { name: "test:count", subject: subject(), limit: 3, windowSeconds: 600 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(rule));
    expect(results.map((r) => [r.count, r.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(590);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it("stores only a keyed hash of name and subject", async () => {
    const email = `someone-${n}@example.com`;
    await hitRateLimit({ name: "test:hash", subject: email, limit: 5 });
    const row = await db.rateLimitBucket.findUnique({ where: { key: rateLimitKey("test:hash", email) } });
    expect(row?.count).toBe(1);
    expect(row!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.rateLimitBucket.count({ where: { key: { contains: "example.com" } } })).toBe(0);
  });

  it("restarts at 1 once the window has elapsed", async () => {
    const rule = { name: "test:window", subject: subject(), limit: 2, windowSeconds: 900 };
    for (let i = 0; i < 3; i++) await hitRateLimit(rule);
    await db.rateLimitBucket.update({
      where: { key: rateLimitKey(rule.name, rule.subject) },
      data: { resetAt: new Date(Date.now() - 1000) },
    });
    const after = await hitRateLimit(rule);
    expect(after).toMatchObject({ count: 1, allowed: true });
    expect(after.retryAfterSeconds).toBeGreaterThan(890);
  });

  it("keeps subjects and names apart", async () => {
    const s = subject();
    await hitRateLimit({ name: "test:a", subject: s, limit: 1 });
    expect((await hitRateLimit({ name: "test:b", subject: s, limit: 1 })).allowed).toBe(true);
    expect((await hitRateLimit({ name: "test:a", subject: `${s}x`, limit: 1 })).allowed).toBe(true);
    expect((await hitRateLimit({ name: "test:a", subject: s, limit: 1 })).allowed).toBe(false);
  });

  it("loses no hit under concurrency", async () => {
    const rule = { name: "test:concurrent", subject: subject(), limit: 10 };
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(rule)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });
});

describe("enforceRateLimits", () => {
  it("throws 429 with Retry-After at the first exhausted rule and does not count the later ones", async () => {
    const first = { name: "test:first", subject: subject(), limit: 1 };
    const second = { name: "test:second", subject: subject(), limit: 5 };
    await enforceRateLimits([first, second]);
    const error = await enforceRateLimits([first, second]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "too_many_requests", status: 429 });
    expect((error as AppError).retryAfter).toBeGreaterThan(0);
    const row = await db.rateLimitBucket.findUnique({ where: { key: rateLimitKey(second.name, second.subject) } });
    expect(row?.count).toBe(1);
  });
});
