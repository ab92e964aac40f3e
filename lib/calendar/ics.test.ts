import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, formatUtcDateTime } from "./ics";

const octets = (text: string) => Buffer.byteLength(text, "utf8");

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeText("plain: text")).toBe("plain: text");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds one of 76", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("keeps every physical line within 75 octets and never splits a multi-byte character", () => {
    const line = `SUMMARY:${"æøå€😀".repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(75);
    // folded as late as possible: the next character (at most 4 octets) would not have fitted
    for (const part of physical.slice(0, -1)) expect(octets(part)).toBeGreaterThan(71);
    for (const part of physical.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(physical.join("\n").includes("\uFFFD")).toBe(false);
    expect(folded.replace(/\r\n /g, "")).toBe(line); // unfolding restores it exactly
  });
});

describe("buildCalendar", () => {
  it("writes a VCALENDAR with one VEVENT: required properties, UTC times, CRLF endings", () => {
    const ics = buildCalendar({
      now: new Date("2026-11-21T08:00:00.123Z"),
      events: [
        {
          uid: "booking-1@example.com",
          start: new Date("2026-11-24T17:00:00Z"),
          end: new Date("2026-11-24T18:15:00Z"),
          summary: "Yin, Yang",
          location: "Studio; 1",
          description: "Line one\nLine two",
          status: "CONFIRMED",
        },
      ],
    });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(
      ics
        .split("\r\n")
        .slice(0, -1)
        .every((line) => !line.includes("\n") && !line.includes("\r")),
    ).toBe(true);
    expect(ics.split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Studio Booking//Bookings//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:booking-1@example.com",
      "DTSTAMP:20261121T080000Z",
      "DTSTART:20261124T170000Z",
      "DTEND:20261124T181500Z",
      "SUMMARY:Yin\\, Yang",
      "DESCRIPTION:Line one\\nLine two",
      "LOCATION:Studio\\; 1",
      "STATUS:CONFIRMED",
      "SEQUENCE:0",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ]);
  });

  it("formats UTC date-times without separators or milliseconds", () => {
    expect(formatUtcDateTime(new Date("2027-01-02T03:04:05.678Z"))).toBe("20270102T030405Z");
  });
});
