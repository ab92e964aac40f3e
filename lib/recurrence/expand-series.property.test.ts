import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecurrenceLimitError } from "./errors";
import { expandSeries, MAX_OCCURRENCES, resolveRule, type RecurrenceRuleInput } from "./expand-series";

const ZONES = [
  "Europe/Copenhagen",
  "America/New_York",
  "Australia/Lord_Howe", // 30-minute DST
  "Asia/Kolkata", // +05:30, no DST
  "America/Sao_Paulo", // DST abolished in 2019
  "Pacific/Chatham", // +12:45/+13:45, transition at 02:45
  "Europe/London",
  "America/Santiago", // transitions at midnight
  "America/Havana", // transitions at midnight
  "Europe/Dublin", // negative DST in tzdata
  "Africa/Casablanca", // Ramadan changes, twice a year
  "America/St_Johns", // -03:30
  "Australia/Sydney",
  "Pacific/Auckland",
  "Asia/Tokyo",
  "UTC",
] as const;

const MINUTE = 60_000;
const DAY = 86_400_000;

// ---- An oracle built on Intl directly (the engine uses luxon) ----
const formats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock time of `utcMs` in `zone`, as floating UTC milliseconds. */
function wallOf(utcMs: number, zone: string): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}
const offsetAt = (utcMs: number, zone: string) => wallOf(utcMs, zone) - utcMs;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

type Kind = "plain" | "gap" | "overlap";
/**
 * Asserts the placement of one occurrence and says what kind of local time it was: the wall time is
 * the requested one and the earliest instant showing it, or (gap) no instant shows it and the wall
 * time is the requested one moved forward by exactly the gap.
 */
function checkPlacement(requestedWall: number, startsAt: number, zone: string): Kind {
  const before = offsetAt(requestedWall - DAY, zone);
  const after = offsetAt(requestedWall + DAY, zone);
  const instants = [requestedWall - before, requestedWall - after].filter((t) => wallOf(t, zone) === requestedWall);
  const actualWall = wallOf(startsAt, zone);
  if (instants.length > 0) {
    expect(actualWall).toBe(requestedWall);
    expect(startsAt).toBe(Math.min(...instants));
    return new Set(instants).size > 1 ? "overlap" : "plain";
  }
  // A gap: the clock jumped forward by `after - before` and the start moves forward by as much.
  expect(after).toBeGreaterThan(before);
  expect(actualWall - requestedWall).toBe(after - before);
  return "gap";
}

// ---- Generators ----
const DAY0 = dayMs("2024-01-01");
const startsOnArb = fc.integer({ min: 0, max: 365 * 7 }).map((n) => isoDate(DAY0 + n * DAY));
const quarterHour = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);
const nightTime = fc.integer({ min: 0, max: 4 * 60 - 1 }); // where transitions happen
const timeArb = fc
  .oneof(quarterHour, nightTime, fc.integer({ min: 0, max: 1439 }))
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);

const ruleArb: fc.Arbitrary<RecurrenceRuleInput> = fc
  .record({
    frequency: fc.constantFrom("daily", "weekly", "monthly"),
    interval: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 52 })),
    weekdays: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }), { nil: undefined }),
    monthDay: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
    localStartTime: timeArb,
    durationMinutes: fc.integer({ min: 1, max: 600 }),
    timezone: fc.constantFrom(...ZONES),
    startsOn: startsOnArb,
    spanDays: fc.option(fc.integer({ min: 0, max: 800 }), { nil: undefined }),
    count: fc.option(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 520 })), { nil: undefined }),
  })
  .filter((r) => r.spanDays !== undefined || r.count !== undefined)
  .map(({ spanDays, frequency, weekdays, monthDay, ...rest }) => ({
    ...rest,
    frequency,
    weekdays: frequency === "weekly" ? weekdays : undefined,
    monthDay: frequency === "monthly" ? monthDay : undefined,
    endsOn: spanDays === undefined ? undefined : isoDate(dayMs(rest.startsOn) + spanDays * DAY),
  }));

const defaults = { timezone: "Europe/Copenhagen", durationMinutes: 60 };

describe("expandSeries properties", () => {
  it("holds for random rules and zones", () => {
    const seen: Record<Kind | "limit", number> = { plain: 0, gap: 0, overlap: 0, limit: 0 };
    fc.assert(
      fc.property(ruleArb, (input) => {
        const rule = resolveRule(input, defaults);
        const twoYearsLater = `${Number(rule.startsOn.slice(0, 4)) + 2}${rule.startsOn.slice(4)}`;
        let occurrences;
        try {
          occurrences = expandSeries(rule);
        } catch (error) {
          if (!(error instanceof RecurrenceLimitError)) throw error;
          seen.limit++;
          // Only for a reason that the rule really has.
          if (error.reason === "count_exceeds_limit") expect(rule.count).toBeGreaterThan(MAX_OCCURRENCES);
          else if (error.reason === "ends_on_too_far") expect(rule.endsOn! > twoYearsLater).toBe(true);
          else {
            // endsOn alone, and the first 500 occurrences end before it: there are more.
            expect(rule.count).toBeNull();
            const capped = expandSeries({ ...rule, count: MAX_OCCURRENCES });
            expect(capped).toHaveLength(MAX_OCCURRENCES);
            expect(capped.at(-1)!.localDate < rule.endsOn!).toBe(true);
          }
          return;
        }
        // No cap was passed over. ("YYYY-02-29" two years on is not a date, but compares as 28 February does.)
        if (rule.count !== null) expect(rule.count).toBeLessThanOrEqual(MAX_OCCURRENCES);
        if (rule.endsOn !== null) expect(rule.endsOn <= twoYearsLater).toBe(true);

        expect(occurrences.length).toBeLessThanOrEqual(Math.min(rule.count ?? MAX_OCCURRENCES, MAX_OCCURRENCES));
        // Without endsOn every rule is infinite, so count is reached exactly.
        if (rule.endsOn === null) expect(occurrences).toHaveLength(rule.count!);

        const [hours = 0, minutes = 0] = rule.localStartTime.split(":").map(Number);
        let previous: (typeof occurrences)[number] | undefined;
        for (const occurrence of occurrences) {
          const { localDate, startsAt, endsAt } = occurrence;
          expect(localDate >= rule.startsOn).toBe(true);
          if (rule.endsOn !== null) expect(localDate <= rule.endsOn).toBe(true);
          const date = new Date(dayMs(localDate));
          if (rule.frequency === "weekly") expect(rule.weekdays).toContain(date.getUTCDay());
          if (rule.frequency === "monthly") expect(date.getUTCDate()).toBe(rule.monthDay);
          if (rule.frequency === "daily") {
            const gap = previous ? (dayMs(localDate) - dayMs(previous.localDate)) / DAY : 0;
            expect(previous ? gap : localDate).toBe(previous ? rule.interval : rule.startsOn);
          }
          expect(endsAt.getTime() - startsAt.getTime()).toBe(rule.durationMinutes * MINUTE);
          seen[checkPlacement(dayMs(localDate) + (hours * 60 + minutes) * MINUTE, startsAt.getTime(), rule.timezone)]++;
          if (previous) {
            expect(localDate > previous.localDate).toBe(true);
            expect(startsAt.getTime()).toBeGreaterThan(previous.startsAt.getTime());
          }
          previous = occurrence;
        }
      }),
      { numRuns: 300 },
    );
    expect(seen.plain).toBeGreaterThan(0);
    expect(seen.limit).toBeGreaterThan(0);
  }, 60_000);

  /** Transitions of each zone in 2025–2028, found with Intl: instant, offset before, offset after. */
  const findTransitions = () =>
    ZONES.flatMap((zone) => {
      const found: { zone: string; at: number; before: number; after: number }[] = [];
      let before = offsetAt(dayMs("2025-01-01"), zone);
      for (let t = dayMs("2025-01-01"); t < dayMs("2029-01-01"); t += DAY) {
        const after = offsetAt(t + DAY, zone);
        if (before !== after) {
          let [low, high] = [t, t + DAY]; // offsetAt(low) = before, offsetAt(high) = after
          while (high - low > MINUTE) {
            const mid = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
            if (offsetAt(mid, zone) === before) low = mid;
            else high = mid;
          }
          found.push({ zone, at: high, before, after });
        }
        before = after;
      }
      return found;
    });

  it("places times around every daylight-saving transition: gaps forward, overlaps first", () => {
    const transitions = findTransitions();
    expect(transitions.length).toBeGreaterThan(60);
    const seen: Record<Kind, number> = { plain: 0, gap: 0, overlap: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...transitions),
        fc.integer({ min: -8, max: 8 }),
        fc.constantFrom(0, 5, 10),
        ({ zone, at, before }, quarters, extra) => {
          // A wall time near the clock's reading just before the transition.
          const wall = at + before + quarters * 15 * MINUTE + extra * MINUTE;
          const localDate = isoDate(wall);
          const minutes = (wall - dayMs(localDate)) / MINUTE;
          const localStartTime = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
          const [occurrence] = expandSeries(
            resolveRule({ frequency: "daily", localStartTime, startsOn: localDate, count: 1, timezone: zone }, defaults),
          );
          expect(occurrence?.localDate).toBe(localDate);
          seen[checkPlacement(wall, occurrence!.startsAt.getTime(), zone)]++;
        },
      ),
      { numRuns: 400 },
    );
    expect(seen.gap).toBeGreaterThan(0);
    expect(seen.overlap).toBeGreaterThan(0);
  });
});
