// The event and series forms of the dashboard, through their server actions, on a real database.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { createEventAction, updateEventAction, createSeriesAction, updateSeriesRuleAction, setSeriesStatusAction } =
  await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

// A fixed first date (a Monday): nothing here depends on the day the tests run.
const weeklyRule = (overrides: Record<string, string | string[]> = {}) => ({
  frequency: "weekly",
  interval: "1",
  weekdays: ["1", "3"],
  localStartTime: "07:30",
  durationMinutes: "",
  startsOn: "2030-03-04",
  endsOn: "",
  count: "4",
  capacity: "",
  ...overrides,
});

describe("event and series actions", () => {
  it("creates and edits an event with the API's schema, its errors under their inputs", async () => {
    const refused = await createEventAction(formData({ title: "Yoga", durationMinutes: "nine", locationId: "" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { durationMinutes: expect.any(String) } });
    expect(await db.event.count({ where: { accountId: tenant.accountId } })).toBe(0);

    expect(
      await createEventAction(formData({ title: "Yoga", durationMinutes: "60", capacity: "", location: "Sal 1" })),
    ).toEqual({ ok: true, message: "Created Yoga. Add a series to schedule it." });
    const event = await db.event.findFirstOrThrow({ where: { accountId: tenant.accountId } });
    expect(event).toMatchObject({ title: "Yoga", durationMinutes: 60, location: "Sal 1" });

    expect(
      await updateEventAction(formData({ eventId: event.id, title: "Hatha", durationMinutes: "75", capacity: "12" })),
    ).toEqual({ ok: true, message: "Saved." });
    expect(await db.event.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({
      title: "Hatha",
      durationMinutes: 75,
      capacity: 12,
    });
  });

  it("adds a series, changes its rule and pauses it", async () => {
    await createEventAction(formData({ title: "Yoga", durationMinutes: "60" }));
    const event = await db.event.findFirstOrThrow({ where: { accountId: tenant.accountId } });

    expect(
      await createSeriesAction(formData({ eventId: event.id, ...weeklyRule({ weekdays: [] }), frequency: "" })),
    ).toMatchObject({ ok: false, fieldErrors: { frequency: expect.any(String) } });
    expect(await createSeriesAction(formData({ eventId: event.id, ...weeklyRule() }))).toEqual({
      ok: true,
      message: "Added the series: 4 classes scheduled.",
    });
    const series = await db.series.findFirstOrThrow({ where: { eventId: event.id } });

    expect(
      await updateSeriesRuleAction(formData({ seriesId: series.id, ...weeklyRule({ count: "2", capacity: "8" }) })),
    ).toEqual({ ok: true, message: "Saved; future classes without changes were regenerated." });
    expect(await db.series.findUniqueOrThrow({ where: { id: series.id } })).toMatchObject({ count: 2, capacity: 8 });

    expect(await setSeriesStatusAction(formData({ seriesId: series.id, status: "paused" }))).toEqual({ ok: true });
    expect((await db.series.findUniqueOrThrow({ where: { id: series.id } })).status).toBe("paused");
  });

  it("does not touch another studio's event", async () => {
    const other = await createTenant();
    signInAs(other.admin.token);
    await createEventAction(formData({ title: "Theirs", durationMinutes: "60" }));
    const theirs = await db.event.findFirstOrThrow({ where: { accountId: other.accountId } });
    signInAs(tenant.admin.token);
    expect(await updateEventAction(formData({ eventId: theirs.id, title: "Mine" }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await setSeriesStatusAction(formData({ seriesId: "", status: "paused" }))).toMatchObject({
      ok: false,
      fieldErrors: { _form: expect.any(String) },
    });
    expect((await db.event.findUniqueOrThrow({ where: { id: theirs.id } })).title).toBe("Theirs");
  });
});
