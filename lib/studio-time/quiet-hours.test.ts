import { describe, expect, it } from "vitest";
import { endOfQuietHours } from "./quiet-hours";

const CPH = "Europe/Copenhagen";
const NIGHT = { from: "22:00", to: "08:00" };
const end = (iso: string, quietHours: { from: string; to: string } | null = NIGHT, zone = CPH) =>
  endOfQuietHours(new Date(iso), quietHours, zone)?.toISOString();

describe("endOfQuietHours", () => {
  it("ends a window across midnight the next morning, or the same morning after midnight", () => {
    // 15 January 2026, Copenhagen is UTC+1: 22:30 local is 21:30Z
    expect(end("2026-01-15T21:30:00Z")).toBe("2026-01-16T07:00:00.000Z");
    expect(end("2026-01-16T02:00:00Z")).toBe("2026-01-16T07:00:00.000Z");
  });

  it("counts `from` inside and `to` outside, and daytime outside", () => {
    expect(end("2026-01-15T21:00:00Z")).toBe("2026-01-16T07:00:00.000Z"); // 22:00 local
    expect(end("2026-01-16T07:00:00Z")).toBeUndefined(); // 08:00 local
    expect(end("2026-01-15T13:00:00Z")).toBeUndefined(); // 14:00 local
    expect(end("2026-01-15T20:59:00Z")).toBeUndefined(); // 21:59 local
  });

  it("knows a window inside one day", () => {
    const lunch = { from: "12:00", to: "13:30" };
    expect(end("2026-01-15T11:15:00Z", lunch)).toBe("2026-01-15T12:30:00.000Z");
    expect(end("2026-01-15T12:30:00Z", lunch)).toBeUndefined();
    expect(end("2026-01-15T10:59:00Z", lunch)).toBeUndefined();
  });

  it("has none without quiet hours or with an empty window", () => {
    expect(end("2026-01-15T23:00:00Z", null)).toBeUndefined();
    expect(end("2026-01-15T23:00:00Z", { from: "08:00", to: "08:00" })).toBeUndefined();
  });

  it("ends at the studio's 08:00 across a daylight-saving night", () => {
    // 29 March 2026: 02:00 → 03:00; 23:00 CET on the 28th (22:00Z) ends at 08:00 CEST (06:00Z)
    expect(end("2026-03-28T22:00:00Z")).toBe("2026-03-29T06:00:00.000Z");
    // 25 October 2026: 03:00 → 02:00; 23:00 CEST on the 24th (21:00Z) ends at 08:00 CET (07:00Z)
    expect(end("2026-10-24T21:00:00Z")).toBe("2026-10-25T07:00:00.000Z");
  });

  it("moves an end in the spring-forward gap forward by the gap", () => {
    // quiet until 02:30, which 29 March 2026 skips: it ends at 03:30 CEST (01:30Z)
    expect(end("2026-03-29T00:30:00Z", { from: "01:00", to: "02:30" })).toBe("2026-03-29T01:30:00.000Z");
  });

  it("reads the studio's zone, not the server's", () => {
    // 23:00Z is 18:00 in New York: outside; 03:00Z is 22:00 there: inside until 08:00 EST (13:00Z)
    expect(end("2026-01-15T23:00:00Z", NIGHT, "America/New_York")).toBeUndefined();
    expect(end("2026-01-16T03:00:00Z", NIGHT, "America/New_York")).toBe("2026-01-16T13:00:00.000Z");
  });
});
