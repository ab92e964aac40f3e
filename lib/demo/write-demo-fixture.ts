import "server-only";
import type { Persona } from "@/lib/auth/persona";
import { bookPlaceAt } from "@/lib/bookings/book-place";
import { placePaidOrders } from "@/lib/orders/create-order";
import { priceData } from "@/lib/commerce/price-data";
import { expandSeriesRule } from "@/lib/programme/expand-series-rule";
import { writeSeries } from "@/lib/programme/write-series";
import { resolveRule } from "@/lib/recurrence";
import { DEMO_FIXTURE, demoSeasonOn, programmeStartsOn, type DemoFixture } from "./demo-fixture";
import type { DemoPerson } from "./demo-person";
import type { TenantTx } from "@/lib/db/tenant-db";
import { userIdOf, type Section, type Written } from "./demo-written";
import { writeDemoCourses } from "./write-demo-courses";
import { writeDemoHistory } from "./write-demo-history";
import { writeDemoOffer } from "./write-demo-offer";
import { writeDemoStrikes } from "./write-demo-strikes";
import { writeDemoOrdersWithoutEmail, writeDemoWalkIns } from "./write-demo-without-email";
import { dependantEmail } from "@/lib/users/stand-in-addresses";

async function writeAccount(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  await tx.account.create({ data: { id: written.accountId, ...fixture.account, isDemo: true } });
}

/**
 * Identities are global: a fixture address that already exists (it also belongs to another
 * account) is reused as it is, never rewritten, so that other tenants stay untouched. Three
 * statements for everyone: the new users, the users by address, the memberships.
 */
async function writePeople(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  const people: [DemoPerson, Persona][] = [
    [fixture.administrator, "administrator"],
    ...fixture.attendees.map((person): [DemoPerson, Persona] => [person, "attendee"]),
    ...fixture.clientele.map((person): [DemoPerson, Persona] => [person, "attendee"]),
    ...fixture.teachers.map((person): [DemoPerson, Persona] => [person, "teacher"]),
  ];
  await tx.user.createMany({
    data: people.map(([person]) => ({
      email: person.email,
      displayName: person.displayName,
      status: "active" as const,
      dateOfBirth: person.dateOfBirth ? new Date(`${person.dateOfBirth}T00:00:00Z`) : null,
    })),
    skipDuplicates: true,
  });
  const users = await tx.user.findMany({
    where: { email: { in: people.map(([person]) => person.email) } },
    select: { id: true, email: true },
  });
  const idOf = new Map(users.map((user) => [user.email, user.id]));
  await tx.membership.createMany({
    data: people.map(([person, persona]) => ({
      accountId: written.accountId,
      userId: idOf.get(person.email)!,
      persona,
    })),
  });
  for (const [person] of people) written.userIds.set(person.key, idOf.get(person.email)!);
}

/** The attendees' children (decision 0038): identities that never sign in, each an attendee here. */
async function writeDependants(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const child of fixture.dependants) {
    const id = crypto.randomUUID();
    await tx.user.create({
      data: {
        id,
        email: dependantEmail(id),
        displayName: child.displayName,
        status: "active",
        dateOfBirth: new Date(`${child.dateOfBirth}T00:00:00Z`),
        guardianId: userIdOf(written, child.guardianKey),
      },
    });
    await tx.membership.create({ data: { accountId: written.accountId, userId: id, persona: "attendee" } });
    written.userIds.set(child.key, id);
  }
}

async function writeGroups(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const group of fixture.groups) {
    const created = await tx.group.create({ data: { accountId: written.accountId, name: group.name } });
    await tx.groupMember.createMany({
      data: group.memberKeys.map((key) => ({
        accountId: written.accountId,
        groupId: created.id,
        userId: userIdOf(written, key),
      })),
    });
  }
}

async function writeLocations(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const { key, ...location } of fixture.locations) {
    const created = await tx.location.create({ data: { accountId: written.accountId, ...location } });
    written.locationIds.set(key, created.id);
  }
}

async function writeDurationPresets(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  await tx.durationPreset.createMany({
    data: fixture.durationPresets.map((preset) => ({ accountId: written.accountId, ...preset })),
  });
}

/** Published events at their location, with its name and capacity (as POST /events copies them). */
async function writeEvents(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const event of fixture.events) {
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
        capacity: location.capacity,
        status: "published",
      },
    });
    written.eventIds.set(event.key, created.id);
  }
}

/**
 * Weekly series from the Monday `history.weeks` weeks before the current week in the studio's
 * timezone, so the studio has a past and the schedule is never empty; written by the same function
 * as POST /events/{eventId}/series (one insert each).
 */
async function writeWeeklySeries(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  const startsOn = programmeStartsOn(fixture, written.now);
  for (const series of fixture.series) {
    const event = fixture.events.find((e) => e.key === series.eventKey);
    const eventId = written.eventIds.get(series.eventKey);
    if (!event || !eventId) throw new Error(`demo fixture names an unknown event: ${series.eventKey}`);
    const location = fixture.locations.find((l) => l.key === event.locationKey)!;
    const rule = resolveRule(
      {
        frequency: "weekly",
        weekdays: series.weekdays,
        localStartTime: series.localStartTime,
        startsOn,
        count: (fixture.history.weeks + series.weeks) * series.weekdays.length,
      },
      { timezone: fixture.account.timezone, durationMinutes: event.durationMinutes },
    );
    await writeSeries({
      tx,
      accountId: written.accountId,
      eventId,
      rule,
      capacity: location.capacity,
      teacherIds: event.teacherKeys.map((key) => userIdOf(written, key)),
      occurrences: expandSeriesRule(rule),
    });
  }
}

/**
 * Products with their price lists, the rows POST /products writes (create-product.ts, price-data.ts).
 * Creation times one millisecond apart keep the fixture's order on the public product list.
 */
async function writeProducts(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const [index, product] of fixture.products.entries()) {
    const created = await tx.product.create({
      data: {
        accountId: written.accountId,
        type: product.type,
        name: product.name,
        description: product.description,
        classAllowance: product.classAllowance ?? null,
        validityDays: product.validityDays ?? null,
        newcomersOnly: product.newcomersOnly ?? false,
        status: product.status,
        createdAt: new Date(written.now.getTime() + index),
        prices: {
          create: product.prices.map((price, position) => ({
            ...priceData({ ...price, currency: fixture.account.currency }, position),
            accountId: written.accountId,
          })),
        },
      },
      include: { prices: { orderBy: { position: "asc" } } },
    });
    const { prices, ...row } = created;
    written.products.set(product.key, { product: row, prices });
  }
}

/** The current season (Forår or Efterår of the year the fixture is written), active. */
async function writeSeason(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  const season = demoSeasonOn(written.now, fixture.account.timezone);
  await tx.season.create({ data: { accountId: written.accountId, ...season, status: "active" } });
}

/**
 * Desk grants, the rows POST /entitlements writes (grant-entitlement.ts): a paid Order with provider
 * `desk` at the named price and the entitlement it gives from now (create-entitlement.ts).
 */
async function writeEntitlements(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const grant of fixture.entitlements) {
    const userId = userIdOf(written, grant.personKey);
    const { product, prices } = written.products.get(grant.productKey) ?? { prices: [] };
    const price = prices[grant.priceIndex];
    if (!product || !price) throw new Error(`demo fixture names an unknown product or price: ${grant.productKey}`);
    const [entitlement] = await placePaidOrders(tx, [
      {
        userId,
        product,
        price,
        provider: "desk",
        paidAt: written.now,
        createdAt: written.now,
        note: "Demo",
      },
    ]);
    written.entitlementIds.set(grant.personKey, entitlement!.id);
  }
}

/**
 * Confirmed bookings of upcoming classes, as POST /bookings leaves them (book-instance.ts): each
 * place takes a credit from the attendee's entitlement (the same conditional UPDATE) and counts on
 * the instance. Written in this transaction, without confirmation emails.
 */
async function writeBookings(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const [index, booking] of fixture.bookings.entries()) {
    const eventId = written.eventIds.get(booking.eventKey);
    if (!eventId) throw new Error(`demo fixture names an unknown event: ${booking.eventKey}`);
    const instance = await tx.instance.findFirst({
      where: { eventId, status: "scheduled", startsAt: { gt: written.now } },
      orderBy: { startsAt: "asc" },
      skip: booking.nth,
    });
    if (!instance) throw new Error(`demo fixture: no upcoming class of ${booking.eventKey}`);
    if (booking.capacity !== undefined)
      await tx.instance.update({ where: { id: instance.id }, data: { capacity: booking.capacity } });
    for (const [position, key] of booking.attendeeKeys.entries()) {
      const { outcome } = await bookPlaceAt(tx, {
        accountId: written.accountId,
        instanceId: instance.id,
        attendeeId: userIdOf(written, key),
        entitlementId: written.entitlementIds.get(key) ?? null,
        // one moment per booking, in fixture order: the roster's order
        at: new Date(written.now.getTime() + index * 1000 + position),
      });
      if (outcome !== "confirmed") throw new Error(`demo fixture: ${key} cannot book ${booking.eventKey}: ${outcome}`);
    }
  }
}

/**
 * Standing places (decision 0035), as POST /users/{userId}/standing-bookings makes them; the classes
 * open at `now` are booked by the fixture's bookings, later ones by the standing places sweep.
 */
async function writeStandingPlaces(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const place of fixture.standingPlaces ?? []) {
    const eventId = written.eventIds.get(place.eventKey);
    const series = eventId ? await tx.series.findFirst({ where: { eventId }, orderBy: { createdAt: "asc" } }) : null;
    if (!series) throw new Error(`demo fixture: no series of ${place.eventKey}`);
    await tx.standingBooking.create({
      data: {
        accountId: written.accountId,
        userId: userIdOf(written, place.personKey),
        seriesId: series.id,
        createdAt: written.now,
      },
    });
  }
}

const SECTIONS: Section[] = [
  writeAccount,
  writePeople,
  writeDependants,
  writeDemoWalkIns,
  writeGroups,
  writeLocations,
  writeDurationPresets,
  writeEvents,
  writeWeeklySeries,
  writeProducts,
  writeSeason,
  writeDemoHistory,
  writeDemoStrikes,
  writeEntitlements,
  writeDemoOrdersWithoutEmail,
  writeBookings,
  writeStandingPlaces,
  writeDemoCourses,
  writeDemoOffer,
];

/** Writes the demo tenant into an empty slot; the caller holds the demo lock (inDemoTransaction). */
export async function writeDemoFixture(options: {
  tx: TenantTx;
  accountId: string;
  fixture?: DemoFixture;
  /** When the fixture is written (tests fix it); the real clock by default. */
  now?: Date;
}): Promise<void> {
  const fixture = options.fixture ?? DEMO_FIXTURE;
  const written: Written = {
    accountId: options.accountId,
    userIds: new Map(),
    locationIds: new Map(),
    eventIds: new Map(),
    products: new Map(),
    entitlementIds: new Map(),
    now: options.now ?? new Date(),
  };
  for (const section of SECTIONS) await section(options.tx, fixture, written);
}
