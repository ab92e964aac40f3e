// The location a new class form starts on, through a real database.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { listLocationChoices } from "./location-choices";

let tenant: TestTenant;

const location = (name: string, status = "active") =>
  db.location.create({ data: { accountId: tenant.accountId, name, status } });
const eventAt = (locationId: string | null, createdAt: Date) =>
  db.event.create({
    data: { accountId: tenant.accountId, title: "Yoga", locationId, durationMinutes: 60, capacity: 10, createdAt },
  });
const choices = () => listLocationChoices({ db: tenantDb(tenant.accountId) });

beforeEach(async () => {
  tenant = await createTenant();
});

describe("a class form's locations", () => {
  it("start on the studio's only location, and on a free-text one without any", async () => {
    expect(await choices()).toEqual({ locations: [], defaultLocationId: null });
    const hall = await location("Sal 1");
    await location("Old room", "archived");
    expect(await choices()).toEqual({
      locations: [{ id: hall.id, name: "Sal 1", capacity: 20 }],
      defaultLocationId: hall.id,
    });
  });

  it("start on the location last used by a new event, while it is active", async () => {
    const first = await location("Sal 1");
    const second = await location("Sal 2");
    const gone = await location("Tagterrassen");
    await eventAt(second.id, new Date("2026-01-01T10:00:00Z"));
    await eventAt(null, new Date("2026-01-02T10:00:00Z"));
    expect((await choices()).defaultLocationId).toBe(second.id);
    await eventAt(gone.id, new Date("2026-01-03T10:00:00Z"));
    await db.location.update({ where: { id: gone.id }, data: { status: "archived" } });
    expect((await choices()).defaultLocationId).toBe(second.id);
    expect((await choices()).locations.map((l) => l.id)).toEqual([first.id, second.id]);
  });
});
