import "server-only";
import { DateTime } from "luxon";
import { expandSeriesRule } from "@/lib/programme/expand-series-rule";
import { writeSeries } from "@/lib/programme/write-series";
import { resolveRule } from "@/lib/recurrence";
import { DEMO_FIXTURE, type DemoFixture, type DemoPerson } from "./demo-fixture";
import type { DemoTx } from "./demo-transaction";

/** What the sections written so far have created, for the sections after them (ids by fixture key). */
type Written = {
  accountId: string;
  userIds: Map<string, string>;
  locationIds: Map<string, string>;
  eventIds: Map<string, string>;
};
type Section = (tx: DemoTx, fixture: DemoFixture, written: Written) => Promise<void>;

async function writeAccount(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  await tx.account.create({ data: { id: written.accountId, ...fixture.account, isDemo: true } });
}

/**
 * Identities are global: a fixture address that already exists (it also belongs to another
 * account) is reused as it is, never rewritten, so that other tenants stay untouched.
 */
async function writePerson(tx: DemoTx, person: DemoPerson, persona: "administrator" | "attendee", written: Written) {
  const user = await tx.user.upsert({
    where: { email: person.email },
    update: {},
    create: {
      email: person.email,
      displayName: person.displayName,
      status: "active",
      dateOfBirth: person.dateOfBirth ? new Date(`${person.dateOfBirth}T00:00:00Z`) : null,
    },
  });
  await tx.membership.create({ data: { accountId: written.accountId, userId: user.id, persona } });
  written.userIds.set(person.key, user.id);
}

async function writePeople(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  await writePerson(tx, fixture.administrator, "administrator", written);
  for (const attendee of fixture.attendees) await writePerson(tx, attendee, "attendee", written);
  for (const teacher of fixture.teachers) await writePerson(tx, teacher, "attendee", written);
}

async function writeGroups(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
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

function userIdOf(written: Written, key: string): string {
  const id = written.userIds.get(key);
  if (!id) throw new Error(`demo fixture names an unknown person: ${key}`);
  return id;
}

async function writeLocations(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const { key, ...location } of fixture.locations) {
    const created = await tx.location.create({ data: { accountId: written.accountId, ...location } });
    written.locationIds.set(key, created.id);
  }
}

async function writeDurationPresets(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  await tx.durationPreset.createMany({
    data: fixture.durationPresets.map((preset) => ({ accountId: written.accountId, ...preset })),
  });
}

/** Published events at their location, with its name and capacity (as POST /events copies them). */
async function writeEvents(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
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
 * Weekly series from the Monday of the current week in the studio's timezone, so the schedule is
 * never empty; written by the same function as POST /events/{eventId}/series (one insert each).
 */
async function writeWeeklySeries(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  const startsOn = DateTime.now().setZone(fixture.account.timezone).startOf("week").toISODate()!;
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
        count: series.weeks * series.weekdays.length,
      },
      { timezone: fixture.account.timezone, durationMinutes: event.durationMinutes },
    );
    await writeSeries({ tx, accountId: written.accountId, eventId, rule, capacity: location.capacity, occurrences: expandSeriesRule(rule) });
  }
}

// Later sections (products, seasons, bookings) go here, in dependency order.
const SECTIONS: Section[] = [
  writeAccount,
  writePeople,
  writeGroups,
  writeLocations,
  writeDurationPresets,
  writeEvents,
  writeWeeklySeries,
];

/** Writes the demo tenant into an empty slot; the caller holds the demo lock (inDemoTransaction). */
export async function writeDemoFixture(options: {
  tx: DemoTx;
  accountId: string;
  fixture?: DemoFixture;
}): Promise<void> {
  const fixture = options.fixture ?? DEMO_FIXTURE;
  const written: Written = { accountId: options.accountId, userIds: new Map(), locationIds: new Map(), eventIds: new Map() };
  for (const section of SECTIONS) await section(options.tx, fixture, written);
}
