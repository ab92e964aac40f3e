import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { getPublicInstanceOrThrow } from "./get-public-instance";
import { listPublicProgramme } from "./list-public-programme";

const DAY = 86_400_000;
let tenant: TestTenant;
let ids: string[];

async function post(path: string, body: Record<string, unknown>) {
  const response = await api("POST", path, { token: tenant.admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const found = (instanceId: string, slug = tenant.slug) =>
  getPublicInstanceOrThrow({ slug, instanceId }).then(
    (result) => result,
    (error: unknown) => error,
  );

beforeAll(async () => {
  tenant = await createTenant();
  const [mette, karen] = await Promise.all([
    createMember(tenant.accountId, "attendee", { displayName: "Mette" }),
    createMember(tenant.accountId, "attendee", { displayName: "Karen" }),
  ]);
  const event = await post("/events", {
    title: "Yin",
    location: "The back room",
    durationMinutes: 60,
    teacherIds: [karen.userId, mette.userId],
  });
  const series = await post(`/events/${event.id}/series`, {
    frequency: "daily",
    localStartTime: "07:00",
    timezone: "Europe/Copenhagen",
    startsOn: new Date(Date.now() + DAY).toISOString().slice(0, 10),
    count: 5,
  });
  ids = (series.instances as { id: string }[]).map((instance) => instance.id);
  const group = await post("/groups", { name: "Regulars" });
  const patch = (id: string, body: Record<string, unknown>) =>
    api("PATCH", `/instances/${id}`, { token: tenant.admin.token, body });
  expect((await patch(ids[1]!, { action: "cancel" })).status).toBe(200);
  expect((await patch(ids[2]!, { action: "bookability", audience: "groups", groupIds: [group.id] })).status).toBe(200);
  expect((await patch(ids[3]!, { action: "bookability", audience: "nobody" })).status).toBe(200);
  const movedTo = new Date(Date.now() + 10 * DAY).toISOString();
  expect((await patch(ids[4]!, { action: "move", startsAt: movedTo })).status).toBe(200);
});

describe("getPublicInstanceOrThrow", () => {
  it("gives a class's event, teachers in the event's order and its free-text place (no address)", async () => {
    const result = await getPublicInstanceOrThrow({ slug: tenant.slug, instanceId: ids[0]! });
    expect(result.account.id).toBe(tenant.accountId);
    expect(result.instance.id).toBe(ids[0]);
    expect(result.event.title).toBe("Yin");
    expect(result.teachers).toEqual(["Karen", "Mette"]);
    expect(result.location).toEqual({ name: "The back room", address: "" });
  });

  it("finds exactly the classes the public schedule lists", async () => {
    const { instances } = await listPublicProgramme({
      slug: tenant.slug,
      from: new Date(Date.now() - DAY),
      to: new Date(Date.now() + 30 * DAY),
    });
    const listed = new Set(instances.map((instance) => instance.id));
    expect([...listed].sort()).toEqual([ids[0], ids[4]].sort()); // the moved one too
    for (const id of ids) {
      const result = await found(id);
      if (listed.has(id)) expect(result).toMatchObject({ instance: { id } });
      else expect(result).toMatchObject({ code: "not_found" });
    }
  });

  it("is not found for an unknown id, a malformed one, another studio's class and an unknown studio", async () => {
    const other = await createTenant();
    expect(await found(ids[0]!, other.slug)).toMatchObject({ code: "not_found" });
    expect(await found("no-such-class")).toMatchObject({ code: "not_found" });
    expect(await found("bad\u0000id")).toMatchObject({ code: "not_found" });
    expect(await found(ids[0]!, "no-such-studio")).toMatchObject({ code: "not_found" });
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "suspended" } });
    expect(await found(ids[0]!)).toMatchObject({ code: "not_found" });
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "active" } });
  });
});
