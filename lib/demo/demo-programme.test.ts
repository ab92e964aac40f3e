import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { DEMO_FIXTURE, programmeStartsOn } from "./demo-fixture";
import { resetDemo } from "./reset-demo";
import { seedDemo } from "./seed-demo";

const ZONE = "Europe/Copenhagen";

describe("the demo studio's programme", () => {
  // The programme is counted, not what a payment or a notice would do: no periodic work races the
  // reset's deletes (a job that loses such a race logs a warning and tries again at its next time).
  beforeAll(async () => {
    startBackgroundWork(); // as the api helper would; then held
    await holdJobs();
  });

  it("names only its own people, locations and events", () => {
    const people = new Set(
      [DEMO_FIXTURE.administrator, ...DEMO_FIXTURE.attendees, ...DEMO_FIXTURE.teachers].map((p) => p.key),
    );
    const locations = new Set(DEMO_FIXTURE.locations.map((l) => l.key));
    const events = new Set(DEMO_FIXTURE.events.map((e) => e.key));
    for (const event of DEMO_FIXTURE.events) {
      expect(locations).toContain(event.locationKey);
      for (const key of event.teacherKeys) expect(people).toContain(key);
    }
    for (const series of DEMO_FIXTURE.series) expect(events).toContain(series.eventKey);
  });

  it("seeds locations, presets, published events with teachers and weekly Copenhagen series from the Monday eight weeks before this week's", async () => {
    const thisMonday = () => programmeStartsOn(DEMO_FIXTURE, new Date());
    // both, for a seed that runs across Copenhagen's Sunday midnight
    const mondays = [thisMonday()];
    const { accountId } = await seedDemo(); // its speed is measured by `npm run bench`, not here
    mondays.push(thisMonday());

    const [locations, presets, events, allSeries, allInstances] = await Promise.all([
      db.location.findMany({ where: { accountId } }),
      db.durationPreset.findMany({ where: { accountId } }),
      db.event.findMany({ where: { accountId } }),
      db.series.findMany({ where: { accountId } }),
      db.instance.findMany({ where: { accountId }, orderBy: { startsAt: "asc" } }),
    ]);
    expect(locations.map((l) => [l.name, l.capacity]).sort()).toEqual([
      ["Studio Nørrebro", 20],
      ["Studio Vesterbro", 12],
    ]);
    expect(presets.map((p) => p.minutes).sort((a, b) => a - b)).toEqual([45, 60, 75]);
    expect(events).toHaveLength(DEMO_FIXTURE.events.length + DEMO_FIXTURE.courses.length);
    expect(events.every((e) => e.status === "published" && e.teacherIds.length > 0 && e.locationId !== null)).toBe(
      true,
    );
    const courseEvents = new Set(events.filter((e) => e.dropInsAllowed).map((e) => e.id));
    // the courses' series are their own (demo-commerce.test.ts); the weekly programme is the rest
    expect(allSeries.filter((s) => courseEvents.has(s.eventId))).toHaveLength(DEMO_FIXTURE.courses.length);
    const series = allSeries.filter((s) => !courseEvents.has(s.eventId));
    const instances = allInstances.filter((i) => !courseEvents.has(i.eventId));
    expect(series).toHaveLength(7);
    const startsOn = new Set(series.map((s) => s.startsOn.toISOString().slice(0, 10)));
    expect(startsOn.size).toBe(1);
    expect(mondays).toContain([...startsOn][0]);
    expect(series.every((s) => s.timezone === ZONE && s.frequency === "weekly")).toBe(true);
    const weeks = (s: (typeof DEMO_FIXTURE.series)[number]) => DEMO_FIXTURE.history.weeks + s.weeks;
    const expected = DEMO_FIXTURE.series.reduce((sum, s) => sum + weeks(s) * s.weekdays.length, 0);
    expect(instances).toHaveLength(expected);
    expect(series.reduce((sum, s) => sum + (s.count ?? 0), 0)).toBe(expected);
    // every instance starts at its series' local time in Copenhagen, summer or winter
    const bySeries = new Map(series.map((s) => [s.id, s]));
    for (const instance of instances) {
      const local = DateTime.fromJSDate(instance.startsAt).setZone(ZONE).toFormat("HH:mm");
      expect(local).toBe(bySeries.get(instance.seriesId!)!.localStartTime);
    }
    // the first is on that Monday or later (the studio's past), the last 26 weeks after this week's
    expect(DateTime.fromJSDate(instances[0]!.startsAt).setZone(ZONE).toISODate()! >= mondays[0]!).toBe(true);
  });

  it("shows a full public schedule for the coming week, with teachers' names", async () => {
    const response = await api("GET", "/public/accounts/demo/events");
    expect(response.status).toBe(200);
    expect(response.body.events).toHaveLength(DEMO_FIXTURE.events.length + DEMO_FIXTURE.courses.length);
    const vinyasa = response.body.events.find((e: { title: string }) => e.title === "Morgenvinyasa");
    expect(vinyasa.teachers).toEqual([{ id: expect.any(String), displayName: "Mette Lund" }]);
    const weekAhead = Date.now() + 7 * 86_400_000;
    const thisWeek = response.body.instances.filter((i: { startsAt: string }) => Date.parse(i.startsAt) < weekAhead);
    // 3 + 1 + 1 + 1 + 1 + 2 classes a week (± one when the window spans a daylight-saving change), and
    // the course's first class when it falls in these seven days (it starts next week)
    expect(thisWeek.length).toBeGreaterThanOrEqual(8);
    expect(thisWeek.length).toBeLessThanOrEqual(11);
    expect(response.text).not.toContain("@");
  });

  it("resets to the same programme", async () => {
    const { accountId } = await resetDemo();
    expect(await db.series.count({ where: { accountId } })).toBe(7 + DEMO_FIXTURE.courses.length);
    const weeks = (s: (typeof DEMO_FIXTURE.series)[number]) => DEMO_FIXTURE.history.weeks + s.weeks;
    expect(await db.instance.count({ where: { accountId } })).toBe(
      DEMO_FIXTURE.series.reduce((sum, s) => sum + weeks(s) * s.weekdays.length, 0) +
        DEMO_FIXTURE.courses.reduce((sum, c) => sum + c.classes, 0),
    );
  });
});
