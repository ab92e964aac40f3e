import "server-only";
import type { Booking } from "@prisma/client";
import { placePaidOrders } from "@/lib/orders/create-order";
import { priceData } from "@/lib/commerce/price-data";
import type { TenantTx } from "@/lib/db/tenant-db";
import { expandSeriesRule } from "@/lib/programme/expand-series-rule";
import { writeSeries } from "@/lib/programme/write-series";
import { resolveRule } from "@/lib/recurrence";
import { studioDate } from "@/lib/studio-time/studio-date";
import { addWeeks, weekStart } from "@/lib/studio-time/week";
import type { DemoCourse, DemoFixture } from "./demo-fixture";
import { userIdOf, type Written } from "./demo-written";

/**
 * The studio's courses (issue 32): each its event, its weekly classes from the Monday `startsInWeeks`
 * weeks after this week's, the product that sells it (`courseEventId`), and the people enrolled as
 * the desk enrols them (a paid desk order, its entitlement made the course's: unlimited until the
 * last class ends, and a place in every class through take_place). Without confirmation emails, as
 * the fixture's other bookings.
 */
export async function writeDemoCourses(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const [index, course] of fixture.courses.entries()) {
    const eventId = await writeCourseEvent(tx, fixture, written, course);
    const classes = await writeCourseClasses(tx, fixture, written, course, eventId);
    const product = await tx.product.create({
      data: {
        accountId: written.accountId,
        type: course.product.type,
        name: course.product.name,
        description: course.product.description,
        status: course.product.status,
        courseEventId: eventId,
        // after the fixture's other products on the public list
        createdAt: new Date(written.now.getTime() + fixture.products.length + index),
        prices: {
          create: course.product.prices.map((price, position) => ({
            ...priceData({ ...price, currency: fixture.account.currency }, position),
            accountId: written.accountId,
          })),
        },
      },
      include: { prices: { orderBy: { position: "asc" } } },
    });
    const { prices, ...row } = product;
    written.products.set(course.product.key, { product: row, prices });
    const lastEnd = classes.at(-1)!.endsAt;
    for (const [position, key] of course.enrolledKeys.entries()) {
      // one a day, the last yesterday
      const paidAt = new Date(written.now.getTime() - (course.enrolledKeys.length - position) * 86_400_000);
      const [entitlement] = await placePaidOrders(tx, [
        {
          userId: userIdOf(written, key),
          product: row,
          price: prices[0]!,
          provider: "desk",
          paidAt,
          createdAt: paidAt,
          note: "Demo",
        },
      ]);
      await tx.entitlement.update({
        where: { id: entitlement!.id },
        data: { remainingClasses: null, validUntil: lastEnd },
      });
      for (const lesson of classes) {
        const [placed] = await tx.$queryRaw<Booking[]>`
          SELECT p.* FROM take_place(${written.accountId}, ${lesson.id}, ${eventId}, ${lesson.startsAt.toISOString()}::timestamp,
                                     ${entitlement!.userId}, ${entitlement!.id}, NULL, NULL, ${paidAt.toISOString()}::timestamp) p`;
        if (!placed) throw new Error(`demo fixture: ${key} cannot be enrolled in ${course.event.key}`);
      }
    }
  }
}

/** The course's event, published at its location (as POST /events copies the location's name). */
async function writeCourseEvent(
  tx: TenantTx,
  fixture: DemoFixture,
  written: Written,
  { event, capacity }: DemoCourse,
): Promise<string> {
  const location = fixture.locations.find((l) => l.key === event.locationKey);
  if (!location) throw new Error(`demo fixture names an unknown location: ${event.locationKey}`);
  const created = await tx.event.create({
    data: {
      accountId: written.accountId,
      title: event.title,
      description: event.description,
      teacherIds: event.teacherKeys.map((key) => userIdOf(written, key)),
      location: location.name,
      locationId: written.locationIds.get(location.key)!,
      durationMinutes: event.durationMinutes,
      capacity,
      dropInsAllowed: event.dropInsAllowed,
      status: "published",
    },
  });
  written.eventIds.set(event.key, created.id);
  return created.id;
}

/** The course's classes: a weekly series of `classes` from the Monday `startsInWeeks` weeks after this week's. */
async function writeCourseClasses(
  tx: TenantTx,
  fixture: DemoFixture,
  written: Written,
  course: DemoCourse,
  eventId: string,
) {
  const startsOn = addWeeks(weekStart(studioDate(written.now, fixture.account.timezone)), course.startsInWeeks);
  const rule = resolveRule(
    {
      frequency: "weekly",
      weekdays: [course.weekday],
      localStartTime: course.localStartTime,
      startsOn,
      count: course.classes,
    },
    { timezone: fixture.account.timezone, durationMinutes: course.event.durationMinutes },
  );
  const { instances } = await writeSeries({
    tx,
    accountId: written.accountId,
    eventId,
    rule,
    capacity: course.capacity,
    teacherIds: course.event.teacherKeys.map((key) => userIdOf(written, key)),
    occurrences: expandSeriesRule(rule),
  });
  return instances;
}
