// The waitlist's invariant (issue 30), on PostgreSQL: over seeded random sequences of the changes
// that can make a waitlisted person confirmable (bookings and cancellations, capacity changes, moves,
// passes granted at the desk, pauses and early resumes, refunds, a class cancelled), after every
// committed change no class that has not started has both a free place and a waitlisted booking
// whose attendee holds a pass usable for it (usable_entitlements, the rule the promotion uses), and
// the counters match the bookings. Deterministic: fast-check with a fixed seed, after the known
// paths (KNOWN_PATHS), each of which fails when its change does not promote.
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { createClass, DAY, HOUR } from "./booking-test-data";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
if (!databaseUrl)
  console.log("[waitlist-invariant] skipped: needs PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");

const PEOPLE = 3;
const CLASSES = 2;

type Op =
  | { kind: "book"; person: number; lesson: number }
  | { kind: "cancel"; person: number; lesson: number; refundCredit: boolean }
  | { kind: "capacity"; lesson: number; capacity: number }
  | { kind: "move"; lesson: number; hours: number }
  | { kind: "grant"; person: number }
  | { kind: "pause"; person: number }
  | { kind: "resume"; person: number }
  | { kind: "refund"; person: number }
  | { kind: "cancelClass"; lesson: number };

const person = fc.integer({ min: 0, max: PEOPLE - 1 });
const lesson = fc.integer({ min: 0, max: CLASSES - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("book" as const), person, lesson }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("cancel" as const), person, lesson, refundCredit: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("capacity" as const), lesson, capacity: fc.integer({ min: 0, max: 4 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("move" as const), lesson, hours: fc.integer({ min: -30, max: 72 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("grant" as const), person }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pause" as const), person }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("resume" as const), person }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refund" as const), person }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancelClass" as const), lesson }) },
);

/** `offer` (decision 0039): a freed place is held for the first in line, counted as taken. */
type WaitlistMode = "auto" | "offer";

type World = { tenant: TestTenant; people: TestMember[]; lessons: string[]; productId: string };

async function makeWorld(waitlistMode: WaitlistMode): Promise<World> {
  const tenant = await createTenant();
  await db.account.update({ where: { id: tenant.accountId }, data: { waitlistMode } });
  const people = await Promise.all(Array.from({ length: PEOPLE }, () => createMember(tenant.accountId, "attendee")));
  const lessons = [];
  for (let index = 0; index < CLASSES; index++) {
    const created = await createClass(tenant.accountId, {
      capacity: 1,
      startsAt: new Date(Date.now() + (2 + index) * DAY),
    });
    lessons.push(created.id);
  }
  // One class per pass: credits run out, so people wait without a usable pass and gain one later.
  const product = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      name: "Klip",
      type: "class_pass",
      classAllowance: 1,
      validityDays: 30,
      status: "active",
      prices: [{ amount: 10000, currency: "DKK" }],
    },
  });
  expect(product.status, product.text).toBe(201);
  const world = { tenant, people, lessons, productId: (product.body as { id: string }).id };
  for (const index of people.keys()) await run(world, { kind: "grant", person: index });
  return world;
}

const studioDate = (plusDays: number) =>
  DateTime.now().setZone("Europe/Copenhagen").plus({ days: plusDays }).toISODate()!;

async function latestPass(world: World, index: number) {
  return db.entitlement.findFirst({
    where: { accountId: world.tenant.accountId, userId: world.people[index]!.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

async function run(world: World, step: Op): Promise<ApiResponse | undefined> {
  const admin = world.tenant.admin.token;
  switch (step.kind) {
    case "book":
      return api("POST", "/bookings", {
        token: world.people[step.person]!.token,
        body: { instanceId: world.lessons[step.lesson], waitlist: true },
      });
    case "cancel": {
      const booking = await db.booking.findFirst({
        where: {
          instanceId: world.lessons[step.lesson],
          attendeeId: world.people[step.person]!.userId,
          status: { in: ["confirmed", "waitlisted"] },
        },
      });
      if (!booking) return undefined;
      return api("DELETE", `/bookings/${booking.id}${step.refundCredit ? "?refundCredit=true" : ""}`, { token: admin });
    }
    case "capacity":
      return api("PATCH", `/instances/${world.lessons[step.lesson]}`, {
        token: admin,
        body: { action: "capacity", capacity: step.capacity },
      });
    case "move": {
      const instance = await db.instance.findUniqueOrThrow({ where: { id: world.lessons[step.lesson]! } });
      const startsAt = new Date(Math.max(instance.startsAt.getTime() + step.hours * HOUR, Date.now() + DAY));
      return api("PATCH", `/instances/${instance.id}`, {
        token: admin,
        body: { action: "move", startsAt: startsAt.toISOString() },
      });
    }
    case "grant":
      return api("POST", `/users/${world.people[step.person]!.userId}/entitlements`, {
        token: admin,
        body: { productId: world.productId },
      });
    case "pause": {
      const pass = await latestPass(world, step.person);
      if (!pass) return undefined;
      return api("POST", `/entitlements/${pass.id}/pause`, {
        token: admin,
        body: { from: studioDate(0), until: studioDate(10) },
      });
    }
    case "resume": {
      const pass = await latestPass(world, step.person);
      if (!pass) return undefined;
      return api("POST", `/entitlements/${pass.id}/resume`, { token: admin });
    }
    case "refund": {
      const pass = await latestPass(world, step.person);
      if (!pass?.orderId) return undefined;
      return api("POST", `/orders/${pass.orderId}/refunds`, { token: admin });
    }
    case "cancelClass":
      return api("PATCH", `/instances/${world.lessons[step.lesson]}`, { token: admin, body: { action: "cancel" } });
  }
}

/** Classes that break the invariant: a free place and a waitlisted person holding a usable pass, or counters off. */
async function violations(accountId: string) {
  return db.$queryRaw<{ id: string; problem: string }[]>`
    SELECT i."id", 'a free place and a waitlisted person with a usable pass' AS problem
    FROM "Instance" i
    WHERE i."accountId" = ${accountId} AND i."status" <> 'cancelled' AND i."startsAt" > now() AT TIME ZONE 'UTC'
      AND i."bookedCount" < i."capacity"
      AND EXISTS (
        SELECT 1 FROM "Booking" b
        WHERE b."accountId" = i."accountId" AND b."instanceId" = i."id" AND b."status" = 'waitlisted'
          AND EXISTS (SELECT 1 FROM usable_entitlements(i."accountId", b."attendeeId", i."eventId", i."startsAt")))
    UNION ALL
    SELECT i."id", 'counters differ from the bookings' AS problem
    FROM "Instance" i
    WHERE i."accountId" = ${accountId}
      AND (i."bookedCount" <> (SELECT count(*) FROM "Booking" b WHERE b."instanceId" = i."id"
                                 AND (b."status" = 'confirmed' OR (b."status" = 'waitlisted' AND b."offerExpiresAt" IS NOT NULL)))
        OR i."waitlistCount" <> (SELECT count(*) FROM "Booking" b WHERE b."instanceId" = i."id" AND b."status" = 'waitlisted'))`;
}

/**
 * Sequences that reach each way to a waitlisted person gaining a usable pass (found by hand: random
 * sequences reach some of them only rarely), run before the random ones. Person 0 takes the one
 * place of class 0, person 1 waits for it, then spends her only credit on class 1, so that the
 * second place of class 0 cannot be hers until the change at the end.
 */
const WAITING_WITHOUT_CREDIT: Op[] = [
  { kind: "book", person: 0, lesson: 0 },
  { kind: "book", person: 1, lesson: 0 },
  { kind: "book", person: 1, lesson: 1 },
  { kind: "capacity", lesson: 0, capacity: 2 },
];
const KNOWN_PATHS: Op[][] = [
  [...WAITING_WITHOUT_CREDIT, { kind: "grant", person: 1 }],
  [...WAITING_WITHOUT_CREDIT, { kind: "cancel", person: 1, lesson: 1, refundCredit: true }],
  [...WAITING_WITHOUT_CREDIT, { kind: "cancel", person: 1, lesson: 1, refundCredit: false }],
  [...WAITING_WITHOUT_CREDIT, { kind: "cancelClass", lesson: 1 }],
  [
    { kind: "book", person: 0, lesson: 0 },
    { kind: "book", person: 1, lesson: 0 },
    { kind: "pause", person: 1 },
    { kind: "capacity", lesson: 0, capacity: 2 },
    { kind: "resume", person: 1 },
  ],
  [
    { kind: "book", person: 0, lesson: 0 },
    { kind: "book", person: 1, lesson: 0 },
    { kind: "refund", person: 0 },
  ],
];

describe.skipIf(!databaseUrl).each([
  { mode: "auto" as const, numRuns: 30 },
  { mode: "offer" as const, numRuns: 15 }, // places offered (held, counted as taken) more than 2 hours before the start
])("the waitlist fills whenever it can, on PostgreSQL, in $mode mode", ({ mode, numRuns }) => {
  it("holds after every committed change of random sequences", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 40 }), async (ops) => {
        const world = await makeWorld(mode);
        for (const [index, step] of ops.entries()) {
          const response = await run(world, step);
          if (response) expect(response.status, `${step.kind} answered ${response.text}`).toBeLessThan(500);
          const broken = await violations(world.tenant.accountId);
          expect(broken, `after step ${index} (${JSON.stringify(step)}) of ${JSON.stringify(ops)}`).toEqual([]);
        }
      }),
      { seed: 30, numRuns, endOnFailure: true, examples: KNOWN_PATHS.map((ops) => [ops]) },
    );
  });
});
