// "Add a weekly class" (createWeeklyClassAction): the class and its weekly times, through the
// server action, on a real database.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createWeeklyClassAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

// A fixed first date (a Monday): nothing here depends on the day the tests run.
const weeklyClass = (overrides: Record<string, string | string[]> = {}) =>
  formData({
    title: "Morgenyoga",
    durationMinutes: "75",
    capacity: "",
    locationId: "",
    location: "",
    weekdays: ["1", "3"],
    localStartTime: "07:30",
    startsOn: "2026-03-02",
    ends: "count",
    count: "6",
    endsOn: "",
    ...overrides,
  });

const counts = async (accountId = tenant.accountId) => ({
  events: await db.event.count({ where: { accountId } }),
  series: await db.series.count({ where: { accountId } }),
  instances: await db.instance.count({ where: { accountId } }),
});

describe("add a weekly class", () => {
  it("creates the published class, its weekly series and every time, then goes to the overview", async () => {
    const location = await db.location.create({ data: { accountId: tenant.accountId, name: "Sal 1", capacity: 14 } });
    const teacher = await createMember(tenant.accountId, "teacher");
    await expect(
      createWeeklyClassAction(weeklyClass({ locationId: location.id, teacherIds: [teacher.userId] })),
    ).rejects.toThrow(/NEXT_REDIRECT/);

    const event = await db.event.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(event).toMatchObject({
      title: "Morgenyoga",
      durationMinutes: 75,
      capacity: 14,
      location: "Sal 1",
      locationId: location.id,
      teacherIds: [teacher.userId],
      status: "published",
    });
    const series = await db.series.findFirstOrThrow({ where: { eventId: event.id } });
    expect(series).toMatchObject({
      frequency: "weekly",
      interval: 1,
      weekdays: [1, 3],
      localStartTime: "07:30",
      count: 6,
    });
    const instances = await db.instance.findMany({ where: { eventId: event.id }, orderBy: { startsAt: "asc" } });
    expect(instances).toHaveLength(6);
    // Monday 2 March 2026, 07:30 in Copenhagen (UTC+1), then Wednesday; teachers and capacity copied.
    expect(instances[0]).toMatchObject({
      startsAt: new Date("2026-03-02T06:30:00Z"),
      capacity: 14,
      teacherIds: [teacher.userId],
    });
    expect(instances[1]!.startsAt).toEqual(new Date("2026-03-04T06:30:00Z"));
  });

  it("ends on a date, or runs two years at most when it has no end", async () => {
    await expect(
      createWeeklyClassAction(weeklyClass({ title: "Dato", ends: "date", endsOn: "2026-03-15" })),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    await expect(
      createWeeklyClassAction(weeklyClass({ title: "Uden ende", weekdays: ["2"], ends: "none" })),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    const byTitle = async (title: string) => {
      const event = await db.event.findFirstOrThrow({ where: { accountId: tenant.accountId, title } });
      return {
        series: await db.series.findFirstOrThrow({ where: { eventId: event.id } }),
        instances: await db.instance.findMany({ where: { eventId: event.id }, orderBy: { startsAt: "asc" } }),
      };
    };
    const dated = await byTitle("Dato");
    expect(dated.instances).toHaveLength(4); // 2, 4, 9 and 11 March
    const open = await byTitle("Uden ende");
    expect(open.series.endsOn).toEqual(new Date("2028-03-02"));
    expect(open.instances).toHaveLength(105); // every Tuesday from 3 March 2026 to 29 February 2028
    expect(open.instances.at(-1)!.startsAt.toISOString().slice(0, 10)).toBe("2028-02-29");
  });

  it("reports every missing part in words at its field, and writes nothing", async () => {
    const state = await createWeeklyClassAction(
      weeklyClass({ title: "", durationMinutes: "0", weekdays: [], ends: "count", count: "" }),
    );
    expect(state.ok).toBe(false);
    expect(state.fieldErrors).toEqual({
      title: "Required",
      durationMinutes: "Must be at least 1",
      weekdays: "Choose at least one weekday.",
      count: "Required",
    });
    expect(await counts()).toEqual({ events: 0, series: 0, instances: 0 });
  });

  it("refuses an end past the two-year cap, or before the first date, in words, and writes nothing", async () => {
    const tooFar = await createWeeklyClassAction(weeklyClass({ ends: "date", endsOn: "2028-03-03" }));
    expect(tooFar.fieldErrors).toEqual({ endsOn: "The last date can be at most 2 years after the first." });
    const before = await createWeeklyClassAction(weeklyClass({ ends: "date", endsOn: "2026-03-01" }));
    expect(before.fieldErrors).toEqual({ endsOn: "The last date cannot be before the first." });
    const many = await createWeeklyClassAction(weeklyClass({ ends: "count", count: "501" }));
    expect(many.fieldErrors).toEqual({ count: "Must be at most 500" });
    expect(await counts()).toEqual({ events: 0, series: 0, instances: 0 });
  });

  it("does not use another studio's location or people, and writes nothing", async () => {
    const other = await createTenant();
    const theirs = await db.location.create({ data: { accountId: other.accountId, name: "Deres sal" } });
    const state = await createWeeklyClassAction(
      weeklyClass({ locationId: theirs.id, teacherIds: [other.admin.userId] }),
    );
    expect(state.ok).toBe(false);
    expect(Object.keys(state.fieldErrors ?? {}).sort()).toEqual(["locationId", "teacherIds.0"]);
    expect(await counts()).toEqual({ events: 0, series: 0, instances: 0 });
    expect(await counts(other.accountId)).toEqual({ events: 0, series: 0, instances: 0 });
  });

  it("is for administrators only", async () => {
    const teacher = await createMember(tenant.accountId, "teacher");
    signInAs(teacher.token);
    await expect(createWeeklyClassAction(weeklyClass())).rejects.toThrow(/NEXT_REDIRECT/);
    expect(await counts()).toEqual({ events: 0, series: 0, instances: 0 });
  });
});
