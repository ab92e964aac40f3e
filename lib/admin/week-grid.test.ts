import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { laneColumns, layoutWeek } from "./week-grid";

const ZONE = "Europe/Copenhagen";
const at = (local: string, minutes: number) => {
  const start = DateTime.fromISO(local, { zone: ZONE });
  return { startsAt: start.toJSDate(), endsAt: start.plus({ minutes }).toJSDate(), name: local };
};

describe("layoutWeek", () => {
  it("places a class at its wall-clock start and length from the window's first hour (07:00)", () => {
    const grid = layoutWeek({ items: [at("2026-11-25T10:00", 60)], dates: ["2026-11-25"], timezone: ZONE });
    expect([grid.firstHour, grid.endHour]).toEqual([7, 21]);
    // 10:00 is 3 h = 36 five-minute rows after 07:00; an hour spans 12 rows.
    expect(grid.days[0]!.classes[0]).toMatchObject({ rowStart: 37, rowSpan: 12, lane: 1, lanes: 1 });
  });

  it("keeps wall-clock positions on the days daylight saving starts and ends", () => {
    const items = [at("2026-03-29T10:00", 60), at("2026-10-25T10:00", 60)];
    const grid = layoutWeek({ items, dates: ["2026-03-29", "2026-10-25"], timezone: ZONE });
    expect(grid.days.map((day) => day.classes[0]!.rowStart)).toEqual([37, 37]);
  });

  it("widens the window for a class before 07:00 or after 21:00", () => {
    const grid = layoutWeek({
      items: [at("2026-11-23T06:30", 45), at("2026-11-24T21:15", 60)],
      dates: ["2026-11-23", "2026-11-24"],
      timezone: ZONE,
    });
    expect([grid.firstHour, grid.endHour]).toEqual([6, 23]);
    expect(grid.days[0]!.classes[0]).toMatchObject({ rowStart: 7, rowSpan: 9 });
  });

  it("puts overlapping classes side by side and gives a class outside the overlap the whole width", () => {
    const grid = layoutWeek({
      items: [
        at("2026-11-25T17:00", 60),
        at("2026-11-25T17:30", 60),
        at("2026-11-25T18:00", 30),
        at("2026-11-25T20:00", 60),
      ],
      dates: ["2026-11-25"],
      timezone: ZONE,
    });
    const placed = grid.days[0]!.classes.map(({ item, lane, lanes }) => [item.name.slice(11), lane, lanes]);
    // 18:00 starts when 17:00 has ended: it takes lane 1 again, within the same two-lane run.
    expect(placed).toEqual([
      ["17:00", 1, 2],
      ["17:30", 2, 2],
      ["18:00", 1, 2],
      ["20:00", 1, 1],
    ]);
  });

  it("leaves out classes of days not shown and cuts a class at midnight", () => {
    const grid = layoutWeek({
      items: [at("2026-11-25T23:00", 120), at("2026-11-26T10:00", 60)],
      dates: ["2026-11-25"],
      timezone: ZONE,
    });
    expect(grid.endHour).toBe(24);
    expect(grid.days[0]!.classes).toHaveLength(1);
    expect(grid.days[0]!.classes[0]).toMatchObject({ rowStart: 16 * 12 + 1, rowSpan: 12 });
  });
});

describe("laneColumns", () => {
  it("divides a day's columns evenly among lanes", () => {
    expect(laneColumns(1, 1)).toEqual({ columnStart: 1, columnSpan: 60 });
    expect(laneColumns(2, 3)).toEqual({ columnStart: 21, columnSpan: 20 });
    expect(laneColumns(6, 6)).toEqual({ columnStart: 51, columnSpan: 10 });
  });
});
