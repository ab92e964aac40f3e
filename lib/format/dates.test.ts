import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDay,
  formatDayHeading,
  formatDayLabel,
  formatDayMonth,
  formatLocalDate,
  formatFullDateTime,
  formatLastDay,
  formatTime,
  formatTimeRange,
} from "./dates";

const copenhagen = { zone: "Europe/Copenhagen", locale: "da-DK" };
const newYork = { zone: "America/New_York", locale: "en-US" };
const instant = new Date("2026-11-23T08:15:00Z"); // 09:15 in Copenhagen, 03:15 in New York

describe("dates in the studio's zone and locale", () => {
  it("names the last day a period covers: an end at the studio's midnight is the day before", () => {
    const newYearCopenhagen = new Date("2026-12-31T23:00:00Z");
    expect(formatLastDay(newYearCopenhagen, copenhagen)).toBe("31. dec. 2026");
    expect(formatDate(newYearCopenhagen, copenhagen)).toBe("1. jan. 2027");
    expect(formatLastDay(instant, copenhagen)).toBe("23. nov. 2026");
  });

  it("formats in da-DK for Copenhagen", () => {
    expect(formatDate(instant, copenhagen)).toBe("23. nov. 2026");
    expect(formatTime(instant, copenhagen)).toBe("09.15");
    expect(formatTimeRange(instant, new Date("2026-11-23T09:15:00Z"), copenhagen)).toBe("09.15–10.15");
    expect(formatDay("2026-11-23", copenhagen)).toBe("mandag 23. november");
    expect(formatDayHeading("2026-11-23", copenhagen)).toBe("Mandag 23. november");
    expect(formatLocalDate("2026-11-23", copenhagen)).toBe("23. nov. 2026");
    expect(formatDayLabel("2026-11-23", copenhagen)).toEqual({ weekday: "Man.", day: "23." });
    expect(formatDayMonth("2026-11-23", copenhagen)).toBe("23. nov.");
    expect(formatDateTime(instant, copenhagen)).toBe("man. 23. nov. 2026, 09.15");
  });

  it("formats in en-US for New York, where the same instant is still early morning", () => {
    expect(formatDate(instant, newYork)).toBe("Nov 23, 2026");
    expect(formatTime(instant, newYork)).toMatch(/^3:15[ \u202f]AM$/u); // ICU versions differ in the space
    expect(formatDayHeading("2026-11-23", newYork)).toBe("Monday, November 23");
    expect(formatLocalDate("2026-11-23", newYork)).toBe("Nov 23, 2026");
  });

  it("shows the date of the zone, not of UTC or the server", () => {
    const lateEvening = new Date("2026-11-23T22:30:00Z"); // 23:30 Copenhagen, Monday
    expect(formatDate(lateEvening, copenhagen)).toBe("23. nov. 2026");
    expect(formatDate(lateEvening, { zone: "Asia/Tokyo", locale: "da-DK" })).toBe("24. nov. 2026");
  });
});

describe("formatDateRange", () => {
  it("writes a week compactly in the locale, across months and years", () => {
    expect(formatDateRange("2026-11-16", "2026-11-22", copenhagen)).toBe("16.–22. nov. 2026");
    expect(formatDateRange("2026-12-28", "2027-01-03", copenhagen)).toBe("28. dec. 2026–3. jan. 2027");
    expect(formatDateRange("2026-11-30", "2026-12-06", newYork)).toMatch(/^Nov 30\s–\sDec 6, 2026$/u);
  });

  it("keeps the dates of a DST week (2026-03-23 to 2026-03-29 in Copenhagen)", () => {
    expect(formatDateRange("2026-03-23", "2026-03-29", copenhagen)).toBe("23.–29. mar. 2026");
  });
});

describe("formatFullDateTime", () => {
  it("writes the long form in each studio's zone and locale, however often it is asked", () => {
    const saturday = new Date("2026-11-21T09:15:00Z");
    const london = { zone: "Europe/London", locale: "en-GB" };
    const copenhagen = { zone: "Europe/Copenhagen", locale: "da-DK" };
    expect(formatFullDateTime(saturday, london)).toBe("Saturday, 21 November 2026 at 09:15");
    expect(formatFullDateTime(saturday, copenhagen)).toBe("lørdag den 21. november 2026 kl. 10.15");
    expect(formatFullDateTime(new Date("2026-07-04T09:15:00Z"), london)).toBe("Saturday, 4 July 2026 at 10:15");
    expect(formatFullDateTime(saturday, { zone: "America/New_York", locale: "en-GB" })).toBe(
      "Saturday, 21 November 2026 at 04:15",
    );
  });
});
