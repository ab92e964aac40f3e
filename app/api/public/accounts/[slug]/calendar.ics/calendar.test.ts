import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const DAY = 86_400_000;
let tenant: TestTenant;

/** The content lines of an iCalendar document: CRLF-separated, folded lines (CRLF + space) joined back. */
function unfold(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // only CRLF line breaks
  return text.replace(/\r\n /g, "").split("\r\n").slice(0, -1);
}

type VEvent = Record<string, string>;

/** Checks BEGIN/END nesting and returns the VEVENTs' properties. */
function parseFeed(text: string): { calendar: Record<string, string>; events: VEvent[] } {
  const lines = unfold(text);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const calendar: Record<string, string> = {};
  const events: VEvent[] = [];
  let current: VEvent | undefined;
  for (const line of lines.slice(1, -1)) {
    const colon = line.indexOf(":");
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (line === "BEGIN:VEVENT") {
      expect(current).toBeUndefined();
      current = {};
    } else if (line === "END:VEVENT") {
      expect(current).toBeDefined();
      events.push(current!);
      current = undefined;
    } else if (current) current[name] = value;
    else calendar[name] = value;
  }
  expect(current).toBeUndefined();
  return { calendar, events };
}

const utc = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

async function post(path: string, body: Record<string, unknown>, token = tenant.admin.token) {
  const response = await api("POST", path, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

beforeAll(async () => {
  tenant = await createTenant();
});

describe("GET /public/accounts/{slug}/calendar.ics", () => {
  it("is a feed of the publicly bookable instances of the next 90 days, one VEVENT each, in UTC", async () => {
    const teacher = await createMember(tenant.accountId, "attendee", { displayName: "Karen; Teacher" });
    const token = tenant.admin.token;
    const event = await post("/events", {
      title: "Vinyasa, slow",
      description: "Bring a mat.\nAll levels welcome, including beginners who have never tried yoga before today.",
      location: "Studio 1, Nørrebro",
      durationMinutes: 75,
      teacherIds: [teacher.userId],
    });
    const series = await post(`/events/${event.id}/series`, {
      frequency: "daily",
      localStartTime: "23:30",
      timezone: "Europe/Copenhagen",
      startsOn: new Date(Date.now() + DAY).toISOString().slice(0, 10),
      count: 5,
    });
    const [plain, cancelled, grouped, nobody, moved] = series.instances as { id: string; startsAt: string }[];
    const group = await post("/groups", { name: "Regulars" });
    const patch = (id: string, body: Record<string, unknown>) => api("PATCH", `/instances/${id}`, { token, body });
    expect((await patch(cancelled!.id, { action: "cancel" })).status).toBe(200);
    expect((await patch(grouped!.id, { action: "bookability", audience: "groups", groupIds: [group.id] })).status).toBe(
      200,
    );
    expect((await patch(nobody!.id, { action: "bookability", audience: "nobody" })).status).toBe(200);
    const movedTo = new Date(Date.parse(moved!.startsAt) + 60 * 60_000).toISOString();
    expect((await patch(moved!.id, { action: "move", startsAt: movedTo })).status).toBe(200);
    // not in the feed: a draft event's instance, one beyond 90 days, one in the past, another tenant's
    await post("/events", {
      title: "Secret",
      durationMinutes: 60,
      status: "draft",
      startsAt: new Date(Date.now() + 2 * DAY).toISOString(),
    });
    await post("/events", {
      title: "Far",
      durationMinutes: 60,
      startsAt: new Date(Date.now() + 95 * DAY).toISOString(),
    });
    const past = await post("/events", {
      title: "Past",
      durationMinutes: 60,
      startsAt: new Date(Date.now() + DAY).toISOString(),
    });
    await db.instance.updateMany({
      where: { eventId: past.id },
      data: { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() - DAY + 3_600_000) },
    });
    const other = await createTenant();
    await post(
      "/events",
      { title: "Elsewhere", durationMinutes: 60, startsAt: new Date(Date.now() + DAY).toISOString() },
      other.admin.token,
    );

    const response = await api("GET", `/public/accounts/${tenant.slug}/calendar.ics`);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const { calendar, events } = parseFeed(response.text);
    expect(calendar).toMatchObject({ VERSION: "2.0", METHOD: "PUBLISH", CALSCALE: "GREGORIAN" });
    expect(calendar.PRODID).toBeTruthy();
    expect(events.map((vevent) => vevent.SUMMARY)).toEqual(["Vinyasa\\, slow", "Vinyasa\\, slow"]);
    const [first, second] = events as [VEvent, VEvent];
    expect(first.UID).toMatch(new RegExp(`^instance-${plain!.id}@`));
    expect(second.UID).toMatch(new RegExp(`^instance-${moved!.id}@`));
    expect(first.DTSTART).toBe(utc(plain!.startsAt));
    expect(first.DTEND).toBe(utc(new Date(Date.parse(plain!.startsAt) + 75 * 60_000).toISOString()));
    expect(second.DTSTART).toBe(utc(movedTo));
    for (const vevent of events) {
      expect(vevent.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
      expect(vevent.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
      expect(vevent.LOCATION).toBe("Studio 1\\, Nørrebro");
      expect(vevent.DESCRIPTION).toContain("Med Karen\\; Teacher"); // a da-DK studio: its feed speaks Danish
      expect(vevent.DESCRIPTION).toContain("Bring a mat.\\nAll levels welcome\\, including beginners");
      expect(vevent.URL).toMatch(new RegExp(`/${tenant.slug}$`));
    }
    // lines are folded at 75 octets
    for (const line of response.text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

    const again = parseFeed((await api("GET", `/public/accounts/${tenant.slug}/calendar.ics`)).text);
    expect(again.events.map((vevent) => vevent.UID)).toEqual(events.map((vevent) => vevent.UID));
  });

  it("speaks the studio's language when we have it, else English, whatever the visitor chose", async () => {
    for (const [locale, words] of [
      ["en-GB", "With Clara"],
      ["de-DE", "With Clara"],
      ["da-DK", "Med Clara"],
    ] as const) {
      const studio = await createTenant();
      await db.account.update({ where: { id: studio.accountId }, data: { locale } });
      const teacher = await createMember(studio.accountId, "attendee", { displayName: "Clara" });
      await post(
        "/events",
        { title: "Yin", durationMinutes: 60, startsAt: new Date(Date.now() + DAY).toISOString(), teacherIds: [teacher.userId] },
        studio.admin.token,
      );
      const response = await api("GET", `/public/accounts/${studio.slug}/calendar.ics`, {
        headers: { cookie: "studio_locale=da" },
      });
      expect(parseFeed(response.text).events.map((vevent) => vevent.DESCRIPTION)).toEqual([words]);
    }
  });

  it("answers 404 for an unknown or suspended studio", async () => {
    const unknown = await api("GET", "/public/accounts/no-such-studio/calendar.ics");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Resource not found" });
    const suspended = await createTenant();
    await db.account.update({ where: { id: suspended.accountId }, data: { status: "suspended" } });
    const response = await api("GET", `/public/accounts/${suspended.slug}/calendar.ics`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Resource not found" });
  });

  it("answers 405 to other methods", async () => {
    const response = await api("POST", `/public/accounts/${tenant.slug}/calendar.ics`, { body: {} });
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ error: "Method not allowed" });
  });
});
