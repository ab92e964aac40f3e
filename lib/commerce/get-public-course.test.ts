// What a course's public page and the dashboard's products show (issue 32 §4): its dates, seats
// left, whether enrolment is open, a class to try, which events are a course's, and enrolled of
// places. Dates are fixed (2099) and read against an injected clock, never the time of day.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { getPublicCourseOrThrow, listBookedClasses, listPublicCourseOfEvents } from "./get-public-course";
import { listCourseEnrolments } from "./list-course-enrolments";

const HOUR = 3_600_000;
const WEEKS = Array.from({ length: 4 }, (_, week) => new Date(Date.UTC(2099, 0, 13 + 7 * week, 17)));
const BEFORE = new Date(Date.UTC(2099, 0, 1));

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

async function course(options: { dropInsAllowed?: boolean; capacity?: number; status?: string } = {}) {
  const capacity = options.capacity ?? 3;
  const event = await db.event.create({
    data: {
      accountId: tenant.accountId,
      title: "Yoga for begyndere",
      durationMinutes: 60,
      capacity,
      status: "published",
      dropInsAllowed: options.dropInsAllowed ?? false,
    },
  });
  const classes = [];
  for (const startsAt of WEEKS)
    classes.push(
      await db.instance.create({
        data: {
          accountId: tenant.accountId,
          eventId: event.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
          capacity,
        },
      }),
    );
  const created = await api("POST", "/products", {
    token: tenant.admin.token,
    body: {
      type: "workshop",
      name: "Forløb",
      status: options.status ?? "active",
      courseEventId: event.id,
      prices: [{ amount: 90000, currency: "DKK" }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { eventId: event.id, classIds: classes.map((lesson) => lesson.id), productId: created.body.id as string };
}

describe("a course's public page", () => {
  it("has every date, the seats left and open enrolment; after the first class starts, enrolment is closed", async () => {
    const { productId, classIds } = await course();
    const page = await getPublicCourseOrThrow({ slug: tenant.slug, productId, now: BEFORE });
    expect(page.classes.map((lesson) => lesson.id)).toEqual(classIds);
    expect(page.course).toMatchObject({ classes: 4, seatsLeft: 3 });
    expect(page.enrolmentOpen).toBe(true);
    expect(page.trialClassId).toBeNull(); // drop-ins are not allowed
    const started = await getPublicCourseOrThrow({ slug: tenant.slug, productId, now: WEEKS[1]! });
    expect(started.enrolmentOpen).toBe(false);
  });

  it("offers the next class with a free place as a trial where drop-ins are allowed", async () => {
    const { productId, classIds } = await course({ dropInsAllowed: true, capacity: 1 });
    await db.instance.update({ where: { id: classIds[0] }, data: { bookedCount: 1 } });
    const page = await getPublicCourseOrThrow({ slug: tenant.slug, productId, now: BEFORE });
    expect(page.trialClassId).toBe(classIds[1]);
    expect(page.course.seatsLeft).toBe(0);
  });

  it("is not found for a draft, a product that is no course, or another studio's slug", async () => {
    const draft = await course({ status: "draft" });
    await expect(getPublicCourseOrThrow({ slug: tenant.slug, productId: draft.productId })).rejects.toMatchObject({
      code: "not_found",
    });
    const { productId } = await course();
    await expect(getPublicCourseOrThrow({ slug: other.slug, productId })).rejects.toMatchObject({ code: "not_found" });
    const pass = await db.product.create({
      data: { accountId: tenant.accountId, type: "class_pass", name: "Klippekort", status: "active" },
    });
    await expect(getPublicCourseOrThrow({ slug: tenant.slug, productId: pass.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("marks the events that are an active course's, and the classes a person holds a place in", async () => {
    const { eventId, productId, classIds } = await course();
    const courses = await listPublicCourseOfEvents(tenant.accountId);
    expect(courses.get(eventId)).toEqual({ productId, name: "Forløb" });
    expect(await listPublicCourseOfEvents(other.accountId)).toEqual(new Map());

    const member = await createMember(tenant.accountId, "attendee");
    const price = await db.price.findFirstOrThrow({ where: { productId } });
    const grant = await api("POST", `/users/${member.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId, priceId: price.id },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const db2 = tenantDb(tenant.accountId);
    expect(await listBookedClasses(db2, member.userId, classIds)).toEqual(new Set(classIds));

    // the dashboard: one enrolled of three places, four classes
    const product = await db.product.findUniqueOrThrow({ where: { id: productId } });
    const enrolments = await listCourseEnrolments(db2, [product], BEFORE);
    expect(enrolments.get(productId)).toEqual({ enrolled: 1, seats: 3, classes: 4 });
  });

  it("counts a course's places by its smallest class ahead, by all its classes once none is ahead, never a cancelled one", async () => {
    const { productId, classIds } = await course();
    const [first, second, , fourth] = classIds;
    await db.instance.update({ where: { id: first }, data: { capacity: 2 } });
    await db.instance.update({ where: { id: second }, data: { capacity: 1, status: "cancelled" } });
    await db.instance.update({ where: { id: fourth }, data: { capacity: 5 } });
    const product = await db.product.findUniqueOrThrow({ where: { id: productId } });
    const db2 = tenantDb(tenant.accountId);
    const at = async (now: Date) => (await listCourseEnrolments(db2, [product], now)).get(productId);
    expect(await at(BEFORE)).toEqual({ enrolled: 0, seats: 2, classes: 3 });
    expect(await at(new Date(WEEKS[1]!.getTime() + HOUR))).toEqual({ enrolled: 0, seats: 3, classes: 3 });
    expect(await at(new Date(Date.UTC(2100, 0, 1)))).toEqual({ enrolled: 0, seats: 2, classes: 3 });
    // another studio sees none of its classes
    expect((await listCourseEnrolments(tenantDb(other.accountId), [product], BEFORE)).get(productId)).toEqual({
      enrolled: 0,
      seats: 0,
      classes: 0,
    });
  });
});
