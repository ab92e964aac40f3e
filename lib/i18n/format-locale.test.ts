import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatDayHeading, formatTime, weekdayName } from "@/lib/format/dates";
import { zoneName } from "@/lib/format/timezones";
import { formatLocaleOf } from "./format-locale";

const MONDAY = "2026-11-30";
const MORNING = new Date("2026-11-30T08:15:00Z"); // 09:15 in Copenhagen
const EVENING = new Date("2026-11-30T18:45:00Z"); // 19:45 in Copenhagen, 13:45 in New York
const at = (language: "da" | "en", tag: string, zone = "Europe/Copenhagen") => ({
  zone,
  locale: formatLocaleOf(language, tag),
});
const mondayToFriday = (locale: string) => [1, 3, 5].map((day) => weekdayName(day, locale)).join(", ");

describe("the format locale of a page: its language, the studio's region, a 24-hour clock", () => {
  it("is built from the page's language and the region of the studio's tag", () => {
    expect(formatLocaleOf("en", "da-DK")).toBe("en-DK-u-hc-h23");
    expect(formatLocaleOf("da", "da-DK")).toBe("da-DK-u-hc-h23");
    expect(formatLocaleOf("da", "en-US")).toBe("da-US-u-hc-h23");
    expect(formatLocaleOf("en", "da")).toBe("en-DK-u-hc-h23"); // no region: the language's usual one
    expect(formatLocaleOf("en", "not a tag")).toBe("en-u-hc-h23");
    expect(formatLocaleOf("en", null)).toBe("en-u-hc-h23");
  });

  it("writes an English page of a Danish studio in English words, day before month", () => {
    const english = at("en", "da-DK");
    expect(formatDayHeading(MONDAY, english)).toMatch(/^Monday,? 30 November$/u);
    expect(formatDay(MONDAY, english)).toMatch(/^Monday,? 30 November$/u);
    expect(mondayToFriday(english.locale)).toBe("Mon, Wed, Fri");
    expect(weekdayName(1, english.locale, "long")).toBe("Monday");
    expect(formatDateTime(MORNING, english)).toMatch(/^Mon,? 30 Nov 2026, 09[.:]15$/u);
    expect(zoneName("Europe/Copenhagen", english.locale, MORNING)).toBe("Central European Time");
  });

  it("writes a Danish page of the same studio in Danish", () => {
    const danish = at("da", "da-DK");
    expect(formatDayHeading(MONDAY, danish)).toBe("Mandag 30. november");
    expect(formatDay(MONDAY, danish)).toBe("mandag 30. november");
    expect(mondayToFriday(danish.locale)).toBe("man., ons., fre.");
    expect(formatDateTime(MORNING, danish)).toBe("man. 30. nov. 2026, 09.15");
    expect(zoneName("Europe/Copenhagen", danish.locale, MORNING)).toBe("Centraleuropæisk tid");
  });

  it("shows times on a 24-hour clock in both languages, also for a studio whose region counts 12 hours", () => {
    expect(formatTime(EVENING, at("en", "da-DK"))).toMatch(/^19[.:]45$/u);
    expect(formatTime(EVENING, at("da", "da-DK"))).toBe("19.45");
    expect(formatTime(EVENING, at("en", "en-US", "America/New_York"))).toBe("13:45");
    expect(formatDayHeading(MONDAY, at("en", "en-US"))).toBe("Monday, November 30"); // US order kept
  });
});
