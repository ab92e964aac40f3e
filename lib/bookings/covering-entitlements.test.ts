// usable_entitlements (SQL, what every booking takes a credit by) and coveringEntitlementsWhere with
// isPausedAt (Prisma and TypeScript, what explains a refusal on the class page) are one rule written
// twice. Built across the edge cases, both must choose the same entitlements.
import { beforeAll, describe, expect, it } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { isPausedAt } from "@/lib/commerce/entitlement-pause";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { coveringEntitlementsWhere, isCourseOnlyEvent } from "./covering-entitlements";

const MS = 1;
const DAY = 86_400_000;
// A fixed class: Tuesday 12 March 2030, 09:00 UTC (10:00 in Copenhagen).
const STARTS_AT = new Date("2030-03-12T09:00:00.000Z");
const date = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

let tenant: TestTenant;
let userId: string;
let eventId: string;
let timezone: string;
/** Each entitlement built, by what it shows, and whether it covers the class. */
const built = new Map<string, { id: string; usable: boolean }>();

beforeAll(async () => {
  tenant = await createTenant();
  userId = (await createMember(tenant.accountId, "attendee")).userId;
  timezone = (await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).timezone;
  const lesson = await createClass(tenant.accountId, { startsAt: STARTS_AT });
  const otherEvent = (await createClass(tenant.accountId, { startsAt: STARTS_AT })).eventId;
  eventId = lesson.eventId;
  const before = new Date(STARTS_AT.getTime() - 30 * DAY);
  const cases: [string, boolean, Parameters<typeof grant>[2], object?][] = [
    ["active, no end", true, { validFrom: before }],
    ["valid from the class's start", true, { validFrom: STARTS_AT }],
    ["not yet valid", false, { validFrom: new Date(STARTS_AT.getTime() + MS) }],
    ["ends at the class's start", false, { validFrom: before, validUntil: STARTS_AT }],
    ["ends just after the start", true, { validFrom: before, validUntil: new Date(STARTS_AT.getTime() + MS) }],
    ["expired", false, { validFrom: before, validUntil: new Date(STARTS_AT.getTime() - DAY) }],
    ["used up", false, { validFrom: before, remainingClasses: 0 }],
    ["one credit left", true, { validFrom: before, remainingClasses: 1 }],
    ["unlimited", true, { validFrom: before, remainingClasses: null }],
    ["exhausted", false, { validFrom: before, status: "exhausted" }],
    ["status expired", false, { validFrom: before, status: "expired" }],
    ["revoked", false, { validFrom: before, status: "revoked" }],
    ["for this class", true, { validFrom: before, eligibleEventIds: [lesson.eventId] }],
    ["for another class", false, { validFrom: before, eligibleEventIds: [otherEvent] }],
    ["for both classes", true, { validFrom: before, eligibleEventIds: [otherEvent, lesson.eventId] }],
    [
      "cancelled, usable to its end",
      true,
      { validFrom: before, validUntil: new Date(STARTS_AT.getTime() + DAY) },
      { cancelAt: new Date(STARTS_AT.getTime() + DAY) },
    ],
    [
      "paused over the class",
      false,
      { validFrom: before },
      { pausedFrom: date("2030-03-10"), pausedUntil: date("2030-03-20") },
    ],
    [
      "paused from the class's day",
      false,
      { validFrom: before },
      { pausedFrom: date("2030-03-12"), pausedUntil: date("2030-03-20") },
    ],
    [
      "resumes on the class's day",
      true,
      { validFrom: before },
      { pausedFrom: date("2030-03-01"), pausedUntil: date("2030-03-12") },
    ],
    ["pause to come", true, { validFrom: before }, { pausedFrom: date("2030-03-13"), pausedUntil: date("2030-03-20") }],
    [
      "paused and used up",
      false,
      { validFrom: before, remainingClasses: 0 },
      { pausedFrom: date("2030-03-10"), pausedUntil: date("2030-03-20") },
    ],
  ];
  for (const [label, usable, terms, extra] of cases) {
    const entitlement = await grant(tenant.accountId, userId, terms);
    if (extra) await db.entitlement.update({ where: { id: entitlement.id }, data: extra });
    built.set(label, { id: entitlement.id, usable });
  }
  // Someone else's pass here, and the same person's pass in another studio: never theirs here.
  const someoneElse = await createMember(tenant.accountId, "attendee");
  built.set("another person's", {
    id: (await grant(tenant.accountId, someoneElse.userId, { validFrom: before })).id,
    usable: false,
  });
  const otherStudio = await createTenant();
  built.set("another studio's", {
    id: (await grant(otherStudio.accountId, userId, { validFrom: before })).id,
    usable: false,
  });
});

async function chosenBySql(forEvent = eventId): Promise<Set<string>> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT u AS "id" FROM usable_entitlements(${tenant.accountId}, ${userId}, ${forEvent}, ${STARTS_AT.toISOString()}::timestamp) u`;
  return new Set(rows.map((row) => row.id));
}

async function chosenByPrisma(forEvent = eventId): Promise<Set<string>> {
  const studio = tenantDb(tenant.accountId);
  const courseOnly = await isCourseOnlyEvent(studio, forEvent);
  const covering = await studio.entitlement.findMany({
    where: coveringEntitlementsWhere({ userId, eventId: forEvent, startsAt: STARTS_AT, courseOnly }),
  });
  return new Set(covering.filter((entitlement) => !isPausedAt(entitlement, STARTS_AT, timezone)).map((e) => e.id));
}

const labelsOf = (ids: Set<string>) =>
  [...built]
    .filter(([, entitlement]) => ids.has(entitlement.id))
    .map(([label]) => label)
    .sort();

describe("usable_entitlements and coveringEntitlementsWhere with isPausedAt", () => {
  it("choose the same entitlements, the ones that cover the class", async () => {
    const expected = [...built]
      .filter(([, entitlement]) => entitlement.usable)
      .map(([label]) => label)
      .sort();
    expect(labelsOf(await chosenBySql())).toEqual(expected);
    expect(labelsOf(await chosenByPrisma())).toEqual(expected);
  });
});

describe("a course's event", () => {
  it("is booked with its course's entitlement only, or with passes too when it allows drop-ins", async () => {
    const course = await createClass(tenant.accountId, { startsAt: STARTS_AT });
    const before = new Date(STARTS_AT.getTime() - 30 * DAY);
    const pass = await grant(tenant.accountId, userId, { validFrom: before });
    const forIt = await grant(tenant.accountId, userId, { validFrom: before, eligibleEventIds: [course.eventId] });
    const enrolment = await grant(tenant.accountId, userId, { validFrom: before, remainingClasses: null });
    await db.product.update({
      where: { id: enrolment.productId },
      data: { type: "workshop", courseEventId: course.eventId },
    });
    const both = async () => [await chosenBySql(course.eventId), await chosenByPrisma(course.eventId)];

    for (const chosen of await both()) expect([...chosen].sort()).toEqual([enrolment.id]);
    // The course's entitlement covers no other event.
    for (const chosen of [await chosenBySql(), await chosenByPrisma()]) expect(chosen.has(enrolment.id)).toBe(false);

    await db.event.update({ where: { id: course.eventId }, data: { dropInsAllowed: true } });
    for (const chosen of await both()) {
      expect([pass.id, forIt.id, enrolment.id].every((id) => chosen.has(id))).toBe(true);
    }

    await db.event.update({ where: { id: course.eventId }, data: { dropInsAllowed: false } });
    await db.product.update({ where: { id: enrolment.productId }, data: { status: "archived" } });
    for (const chosen of await both()) expect([pass.id, forIt.id].every((id) => chosen.has(id))).toBe(true);
    await db.product.update({ where: { id: enrolment.productId }, data: { status: "active" } });
  });
});
