import { describe, expect, it } from "vitest";
import { seasonBounds, seasonDays } from "./season-dates";

describe("season days ↔ instants", () => {
  it("runs from the start of the first day to the start of the day after the last, in the studio's zone", () => {
    expect(seasonBounds("2026-08-17", "2026-12-20", "Europe/Copenhagen")).toEqual({
      startsAt: "2026-08-16T22:00:00.000Z",
      endsAt: "2026-12-20T23:00:00.000Z",
    });
  });

  it("reads a stored season back as the same days", () => {
    const bounds = seasonBounds("2026-03-01", "2026-03-31", "America/New_York");
    const season = { startsAt: new Date(bounds.startsAt!), endsAt: new Date(bounds.endsAt!) };
    expect(seasonDays(season, "America/New_York")).toEqual({ firstDay: "2026-03-01", lastDay: "2026-03-31" });
  });

  it("passes text that is not a day on, so the schema reports it at its field", () => {
    expect(seasonBounds("next week", undefined, "Europe/Copenhagen")).toEqual({
      startsAt: "next week",
      endsAt: undefined,
    });
    expect(seasonBounds("2026-02-30", "2026-13-01", "UTC")).toEqual({ startsAt: "2026-02-30", endsAt: "2026-13-01" });
  });
});
