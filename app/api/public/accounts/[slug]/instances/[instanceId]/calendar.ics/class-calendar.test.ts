import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const DAY = 86_400_000;
let tenant: TestTenant;
let vinyasa: { id: string; startsAt: string };
let instances: Record<"cancelled" | "grouped" | "nobody" | "draft" | "foreign", string>;

/** The content lines of an iCalendar document, folded lines joined back. */
function unfold(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text.replace(/\r\n /g, "").split("\r\n").slice(0, -1);
}

function vevent(text: string): Record<string, string> {
  const lines = unfold(text);
  const start = lines.indexOf("BEGIN:VEVENT");
  const end = lines.indexOf("END:VEVENT");
  expect(start).toBeGreaterThan(0);
  expect(lines.lastIndexOf("BEGIN:VEVENT")).toBe(start); // exactly one
  return Object.fromEntries(
    lines.slice(start + 1, end).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]),
  );
}

async function post(path: string, body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", path, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function oneOff(title: string, token = tenant.admin.token, extra: Record<string, unknown> = {}): Promise<string> {
  await post(
    "/events",
    { title, durationMinutes: 60, startsAt: new Date(Date.now() + 2 * DAY).toISOString(), ...extra },
    token,
  );
  const event = await db.event.findFirstOrThrow({ where: { title }, include: { instances: true } });
  return event.instances[0]!.id;
}

const calendarOf = (id: string, slug = tenant.slug, cookie?: string) =>
  api("GET", `/public/accounts/${slug}/instances/${id}/calendar.ics`, cookie ? { headers: { cookie } } : {});

beforeAll(async () => {
  tenant = await createTenant();
  const token = tenant.admin.token;
  const teacher = await createMember(tenant.accountId, "attendee", { displayName: "Karen Lund" });
  const location = await post("/locations", { name: "Sal 2", address: "Nørrebrogade 12, 2200 København N" });
  const event = await post("/events", {
    title: "Vinyasa, slow",
    description: "Bring a mat.",
    locationId: location.id,
    durationMinutes: 75,
    teacherIds: [teacher.userId],
  });
  const series = await post(`/events/${event.id}/series`, {
    frequency: "daily",
    localStartTime: "18:00",
    timezone: "Europe/Copenhagen",
    startsOn: new Date(Date.now() + DAY).toISOString().slice(0, 10),
    count: 4,
  });
  const [plain, cancelled, grouped, nobody] = series.instances as { id: string; startsAt: string }[];
  vinyasa = plain!;
  const group = await post("/groups", { name: "Regulars" });
  const patch = (id: string, body: Record<string, unknown>) => api("PATCH", `/instances/${id}`, { token, body });
  expect((await patch(cancelled!.id, { action: "cancel" })).status).toBe(200);
  expect((await patch(grouped!.id, { action: "bookability", audience: "groups", groupIds: [group.id] })).status).toBe(
    200,
  );
  expect((await patch(nobody!.id, { action: "bookability", audience: "nobody" })).status).toBe(200);
  const other = await createTenant();
  instances = {
    cancelled: cancelled!.id,
    grouped: grouped!.id,
    nobody: nobody!.id,
    draft: await oneOff(`Draft ${tenant.slug}`, token, { status: "draft" }),
    foreign: await oneOff(`Elsewhere ${other.slug}`, other.admin.token),
  };
});

describe("GET /public/accounts/{slug}/instances/{instanceId}/calendar.ics", () => {
  it("is one VEVENT for the class: times in UTC, title, teachers, location with address, its page's URL", async () => {
    const response = await calendarOf(vinyasa.id);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${tenant.slug}-\\d{4}-\\d{2}-\\d{2}\\.ics"$`),
    );
    const event = vevent(response.text);
    expect(event.UID).toMatch(new RegExp(`^instance-${vinyasa.id}@`)); // the feed's UID of the same class
    expect(event.DTSTART).toBe(vinyasa.startsAt.replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, ""));
    expect(event.SUMMARY).toBe("Vinyasa\\, slow");
    expect(event.LOCATION).toBe("Sal 2\\, Nørrebrogade 12\\, 2200 København N");
    expect(event.URL).toMatch(new RegExp(`/${tenant.slug}/classes/${vinyasa.id}$`));
    // the studio is da-DK: Danish unless the visitor chose English
    expect(event.DESCRIPTION).toBe("Med Karen Lund\\n\\nBring a mat.");
    const english = vevent((await calendarOf(vinyasa.id, tenant.slug, "studio_locale=en")).text);
    expect(english.DESCRIPTION).toBe("With Karen Lund\\n\\nBring a mat.");
  });

  it("answers 404 for a class the public schedule hides: cancelled, for groups, for nobody, of a draft event", async () => {
    for (const id of [instances.cancelled, instances.grouped, instances.nobody, instances.draft]) {
      const response = await calendarOf(id);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ error: "Resource not found" });
    }
  });

  it("answers 404 for an unknown class, another studio's class and an unknown or suspended studio", async () => {
    expect((await calendarOf("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await calendarOf(instances.foreign)).status).toBe(404);
    expect((await calendarOf(vinyasa.id, "no-such-studio")).status).toBe(404);
    const suspended = await createTenant();
    await db.account.update({ where: { id: suspended.accountId }, data: { status: "suspended" } });
    const response = await calendarOf(vinyasa.id, suspended.slug);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Resource not found" });
  });

  it("answers 405 to other methods", async () => {
    const response = await api("POST", `/public/accounts/${tenant.slug}/instances/${vinyasa.id}/calendar.ics`, {
      body: {},
    });
    expect(response.status).toBe(405);
  });
});
