import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

async function scheduleOne(startsAt: string, token = tenant.admin.token): Promise<string> {
  const event = await api("POST", "/events", { token, body: { title: "Class", durationMinutes: 60, startsAt } });
  expect(event.status).toBe(201);
  const to = new Date(new Date(startsAt).getTime() + 1).toISOString();
  const list = await api("GET", `/instances?from=${startsAt}&to=${to}`, { token });
  return list.body.find((i: { eventId: string }) => i.eventId === event.body.id).id;
}

async function patch(instanceId: string, body: unknown, token = tenant.admin.token) {
  const response = await api("PATCH", `/instances/${instanceId}`, { token, body });
  expect(response.status).toBe(200);
}

describe("GET /instance-exceptions", () => {
  it("lists the records of moves, cancellations and restores in the order they were made, to any member", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const first = await scheduleOne("2030-09-01T08:00:00.000Z");
    const second = await scheduleOne("2030-09-02T08:00:00.000Z");
    await patch(second, { action: "cancel" });
    await patch(first, { action: "move", startsAt: "2030-09-01T10:00:00Z" });
    await patch(second, { action: "restore" });
    await patch(first, { action: "bookability", audience: "nobody" });

    const response = await api("GET", "/instance-exceptions", { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: expect.any(String),
        accountId: tenant.accountId,
        instanceId: second,
        type: "cancel",
        originalStartsAt: "2030-09-02T08:00:00.000Z",
        replacementStartsAt: null,
        originalTeacherIds: null, // only `teachers` records carry teacher ids
        replacementTeacherIds: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      expect.objectContaining({
        instanceId: first,
        type: "move",
        originalStartsAt: "2030-09-01T08:00:00.000Z",
        replacementStartsAt: "2030-09-01T10:00:00.000Z",
      }),
      expect.objectContaining({ instanceId: second, type: "restore", originalStartsAt: "2030-09-02T08:00:00.000Z", replacementStartsAt: null }),
    ]);
    const createdAt = response.body.map((e: { createdAt: string }) => e.createdAt);
    expect([...createdAt].sort()).toEqual(createdAt);

    const onlyFirst = await api("GET", `/instance-exceptions?instanceId=${first}`, { token: member.token });
    expect(onlyFirst.body.map((e: { type: string }) => e.type)).toEqual(["move"]);
  });

  it("shows another tenant none of this tenant's records, also when asked for this tenant's instance", async () => {
    const instanceId = await scheduleOne("2030-09-05T08:00:00.000Z");
    await patch(instanceId, { action: "cancel" });
    expect(await api("GET", "/instance-exceptions", { token: other.admin.token })).toMatchObject({ status: 200, body: [] });
    expect(await api("GET", `/instance-exceptions?instanceId=${instanceId}`, { token: other.admin.token })).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it("answers 401 without or with a bad token", async () => {
    expect(await api("GET", "/instance-exceptions")).toMatchObject({ status: 401, body: { error: "Authentication required" } });
    expect(await api("GET", "/instance-exceptions", { token: "bad" })).toMatchObject({ status: 401, body: { error: "Authentication required" } });
  });

  it("answers 405 for a write", async () => {
    expect(await api("POST", "/instance-exceptions", { token: tenant.admin.token, body: {} })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});
