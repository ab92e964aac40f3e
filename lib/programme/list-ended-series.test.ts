// The events page of a studio with years behind it (issue 35): running series and events not archived
// in full; ended series and archived events a page at a time, 25 newest, then the rest, none twice
// and never another studio's. A fixed clock, never the time of day.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { listArchivedEvents } from "./list-archived-events";
import { listEndedSeries } from "./list-ended-series";
import { listEvents } from "./list-events";
import { listSeries } from "./list-series";

const NOW = new Date(Date.UTC(2030, 5, 1, 12));
const DAY = 86_400_000;
/** Two rows share each instant: the id decides between them. */
const createdAt = (n: number) => new Date(Date.UTC(2024, 0, 1 + Math.floor(n / 2) * 3));

let tenant: TestTenant;
let other: TestTenant;
let current: { id: string }[];
let archivedNewestFirst: string[];
let endedNewestFirst: string[];
let running: string[];

const newestFirst = (rows: { id: string; createdAt: Date }[]) =>
  [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);

function createEvent(accountId: string, status: string, at: Date) {
  return db.event.create({
    data: { accountId, title: `Hold ${at.toISOString()}`, durationMinutes: 60, capacity: 10, status, createdAt: at },
  });
}

/** A series with one class at `classAt`. */
async function createSeries(accountId: string, eventId: string, status: string, classAt: Date, at: Date) {
  const series = await db.series.create({
    data: {
      accountId,
      eventId,
      frequency: "weekly",
      weekdays: [1],
      localStartTime: "18:00",
      durationMinutes: 60,
      timezone: "Europe/Copenhagen",
      startsOn: classAt,
      count: 1,
      capacity: 10,
      status,
      createdAt: at,
    },
  });
  await db.instance.create({
    data: {
      accountId,
      eventId,
      seriesId: series.id,
      startsAt: classAt,
      endsAt: new Date(classAt.getTime() + 3_600_000),
      capacity: 10,
    },
  });
  return series;
}

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
  const past = new Date(NOW.getTime() - 30 * DAY);
  const ahead = new Date(NOW.getTime() + 30 * DAY);
  current = [
    await createEvent(tenant.accountId, "published", createdAt(0)),
    await createEvent(tenant.accountId, "draft", createdAt(2)),
  ];
  const archived = [];
  const ended = [];
  for (let n = 0; n < 30; n++) {
    archived.push(await createEvent(tenant.accountId, "archived", createdAt(n)));
    // ended by hand (even with a class ahead), or past its last class while still active or paused
    const [status, classAt] = n % 3 === 0 ? ["ended", ahead] : [n % 3 === 1 ? "active" : "paused", past];
    ended.push(await createSeries(tenant.accountId, current[n % 2]!.id, status, classAt, createdAt(n)));
    await createEvent(other.accountId, "archived", createdAt(n));
  }
  archivedNewestFirst = newestFirst(archived);
  endedNewestFirst = newestFirst(ended);
  running = [
    (await createSeries(tenant.accountId, current[0]!.id, "active", ahead, createdAt(40))).id,
    (await createSeries(tenant.accountId, current[1]!.id, "paused", NOW, createdAt(42))).id,
  ];
  // a running series of an archived event is put away with its event
  await createSeries(tenant.accountId, archived[0]!.id, "active", ahead, createdAt(44));
  const theirs = await createEvent(other.accountId, "published", createdAt(0));
  for (let n = 0; n < 3; n++) await createSeries(other.accountId, theirs.id, "ended", past, createdAt(n));
});

describe("the events page's lists", () => {
  it("shows every event not archived and every running series in full", async () => {
    const scoped = tenantDb(tenant.accountId);
    expect((await listEvents({ db: scoped, current: true })).map((event) => event.id)).toEqual(
      current.map((event) => event.id),
    );
    expect((await listSeries({ db: scoped, running: NOW })).map((series) => series.id)).toEqual(running);
    expect(await listEvents({ db: scoped })).toHaveLength(32); // GET /events: all of them
  });

  it("pages the archived events: the 25 newest, then the rest, none twice and no other studio's", async () => {
    const scoped = tenantDb(tenant.accountId);
    const first = await listArchivedEvents({ db: scoped, limit: 25 });
    expect(first.items.map((event) => event.id)).toEqual(archivedNewestFirst.slice(0, 25));
    const second = await listArchivedEvents({ db: scoped, limit: 25, after: first.next! });
    expect(second.items.map((event) => event.id)).toEqual(archivedNewestFirst.slice(25));
    expect(second.next).toBeNull();
    const seen = [...first.items, ...second.items];
    expect(new Set(seen.map((event) => event.id)).size).toBe(30);
    expect(seen.every((event) => event.accountId === tenant.accountId)).toBe(true);
  });

  it("pages the series ended or past their last class, with their event's title, none twice and no other studio's", async () => {
    const scoped = tenantDb(tenant.accountId);
    const first = await listEndedSeries({ db: scoped, now: NOW, limit: 25 });
    expect(first.items.map((series) => series.id)).toEqual(endedNewestFirst.slice(0, 25));
    expect(first.items[0]!.event.title).toMatch(/^Hold /);
    const second = await listEndedSeries({ db: scoped, now: NOW, limit: 25, after: first.next! });
    expect(second.items.map((series) => series.id)).toEqual(endedNewestFirst.slice(25));
    expect(second.next).toBeNull();
    const seen = [...first.items, ...second.items];
    expect(new Set(seen.map((series) => series.id)).size).toBe(30);
    expect(seen.every((series) => series.accountId === tenant.accountId)).toBe(true);
    expect(await listEndedSeries({ db: tenantDb(other.accountId), now: NOW, limit: 25 })).toMatchObject({
      items: [expect.anything(), expect.anything(), expect.anything()],
      next: null,
    });
  });
});
