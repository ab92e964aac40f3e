// The bookings bench's data: one studio, its instances (two days ahead, ample capacity), attendees
// with an unlimited entitlement and a Bearer session; and the (attendee, instance) pairs its
// requests book, each pair once over the whole bench (app and raw server book into one database).
import { randomUUID } from "node:crypto";
import type { RequestSpec } from "./load";

export const ATTENDEES = 4000;
/** Sustained runs book hundreds of thousands of times: 4000 × 1000 spread pairs. */
export const SPREAD_INSTANCES = 1000;
/** "One instance" runs move to the next one after ATTENDEES bookings (seconds apart). */
export const HOT_INSTANCES = 400;
const CAPACITY = 1_000_000;
const DAY = 86_400_000;

export type Attendee = { id: string; token: string };
export type Seed = { accountId: string; attendees: Attendee[]; spread: string[]; hot: string[]; probe: string };
export type Pair = { attendee: Attendee; instanceId: string };

/** Seeds through the in-process database (lib/db), which must point at the scratch database. */
export async function seed(): Promise<Seed> {
  const { getDatabase } = await import("@/lib/db");
  const sql = getDatabase().sql;
  const accountId = randomUUID();
  await sql.query(
    `INSERT INTO "Account" ("id", "slug", "name", "timezone", "locale", "opensDaysBefore") VALUES ($1, $2, 'Bench studio', 'Europe/Copenhagen', 'da-DK', 30)`,
    [accountId, `bench-bookings-${Date.now().toString(36)}`],
  );
  const ids = Array.from({ length: ATTENDEES }, () => randomUUID());
  await sql.query(
    `INSERT INTO "User" ("id", "email", "displayName")
     SELECT id, 'attendee' || n || '@bench.test', 'Attendee ' || n FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n)`,
    [ids],
  );
  await sql.query(
    `INSERT INTO "Membership" ("accountId", "userId", "persona") SELECT $1, unnest($2::text[]), 'attendee'`,
    [accountId, ids],
  );
  const productId = randomUUID();
  await sql.query(
    `INSERT INTO "Product" ("id", "accountId", "type", "name", "status", "updatedAt") VALUES ($1, $2, 'subscription', 'Unlimited', 'active', now())`,
    [productId, accountId],
  );
  await sql.query(
    `INSERT INTO "Entitlement" ("id", "accountId", "userId", "productId", "remainingClasses", "validFrom", "status")
     SELECT gen_random_uuid()::text, $1, unnest($2::text[]), $3, NULL, now() - interval '1 day', 'active'`,
    [accountId, ids, productId],
  );
  const instanceIds = await seedInstances(accountId);
  return {
    accountId,
    attendees: await createSessions(accountId, ids),
    spread: instanceIds.slice(0, SPREAD_INSTANCES),
    hot: instanceIds.slice(SPREAD_INSTANCES, SPREAD_INSTANCES + HOT_INSTANCES),
    probe: instanceIds[SPREAD_INSTANCES + HOT_INSTANCES]!,
  };
}

async function seedInstances(accountId: string): Promise<string[]> {
  const { getDatabase } = await import("@/lib/db");
  const sql = getDatabase().sql;
  const eventId = randomUUID();
  await sql.query(
    `INSERT INTO "Event" ("id", "accountId", "title", "durationMinutes", "capacity", "status", "updatedAt") VALUES ($1, $2, 'Bench class', 60, $3, 'published', now())`,
    [eventId, accountId, CAPACITY],
  );
  const instanceIds = Array.from({ length: SPREAD_INSTANCES + HOT_INSTANCES + 1 }, () => randomUUID());
  const startsAt = new Date(Date.now() + 2 * DAY);
  await sql.query(
    `INSERT INTO "Instance" ("id", "accountId", "eventId", "startsAt", "endsAt", "capacity")
     SELECT unnest($1::text[]), $2, $3, $4, $5, $6`,
    [instanceIds, accountId, eventId, startsAt, new Date(startsAt.getTime() + 3_600_000), CAPACITY],
  );
  return instanceIds;
}

async function createSessions(accountId: string, ids: string[]): Promise<Attendee[]> {
  const { createSession } = await import("@/lib/auth/create-session");
  const attendees: Attendee[] = new Array(ids.length);
  for (let start = 0; start < ids.length; start += 25) {
    await Promise.all(
      ids.slice(start, start + 25).map(async (id, offset) => {
        const { token } = await createSession({ userId: id, accountId, kind: "bearer" });
        attendees[start + offset] = { id, token };
      }),
    );
  }
  return attendees;
}

/**
 * Distinct (attendee, instance) pairs for all runs. Spread: the p-th pair is instance p mod M with
 * attendee (p mod M + ⌊p / M⌋) mod N, so consecutive requests hit distinct instances and distinct
 * attendees. Hot: attendee p mod N on hot instance ⌊p / N⌋. Running out throws: a run whose
 * clients stopped early would report a rate it did not measure.
 */
export function pairs(seeded: Seed): { spread: () => Pair; hot: () => Pair } {
  let spreadNext = 0;
  let hotNext = 0;
  const n = seeded.attendees.length;
  const m = seeded.spread.length;
  const ranOut = (kind: string) =>
    new Error(`the seeded ${kind} pairs ran out: seed more instances (bench/lib/booking-seed.ts)`);
  return {
    spread() {
      const p = spreadNext++;
      if (Math.floor(p / m) >= n) throw ranOut("spread");
      return { attendee: seeded.attendees[((p % m) + Math.floor(p / m)) % n]!, instanceId: seeded.spread[p % m]! };
    },
    hot() {
      const p = hotNext++;
      const instanceId = seeded.hot[Math.floor(p / n)];
      if (!instanceId) throw ranOut("one-instance");
      return { attendee: seeded.attendees[p % n]!, instanceId };
    },
  };
}

export function bookingRequest(pathname: string, pair: Pair): RequestSpec {
  return {
    method: "POST",
    path: pathname,
    headers: { authorization: `Bearer ${pair.attendee.token}` },
    body: { instanceId: pair.instanceId },
  };
}
