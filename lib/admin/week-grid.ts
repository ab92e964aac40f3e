import { studioWallClock } from "@/lib/studio-time/wall-clock";

/** The calendar's rows are five minutes each: a class is placed to the five minutes, in studio wall-clock time. */
export const MINUTES_PER_ROW = 5;
export const ROWS_PER_HOUR = 60 / MINUTES_PER_ROW;
/** At most this many classes side by side in a day; more overlapping ones share the last lane. */
export const MAX_LANES = 6;
/** The hours a week shows at least (studio time); a class outside them widens the window. */
const DEFAULT_HOURS = { first: 7, last: 21 };

export type GridClass = { startsAt: Date; endsAt: Date };

export type PlacedClass<T> = {
  item: T;
  /** 1-based grid row of its start within the day's window, and how many rows it spans (≥ 3, so it stays legible). */
  rowStart: number;
  rowSpan: number;
  /** 1-based lane among the classes it overlaps, and how many lanes those overlapping classes need. */
  lane: number;
  lanes: number;
};

export type WeekGrid<T> = {
  /** The window's first hour and the hour it ends (exclusive), studio time. */
  firstHour: number;
  endHour: number;
  days: { date: string; classes: PlacedClass<T>[] }[];
};

/**
 * Lays out a week (or a day) of classes for a time-axis grid: each class at its local start and
 * length (wall-clock minutes, so a class on a daylight-saving day sits at the time on its poster),
 * overlapping classes in lanes side by side. A class running past midnight is cut at midnight.
 */
export function layoutWeek<T extends GridClass>({
  items,
  dates,
  timezone,
}: {
  items: T[];
  /** The days shown, YYYY-MM-DD in the studio's calendar. */
  dates: string[];
  timezone: string;
}): WeekGrid<T> {
  const spans = items.map((item) => ({ item, ...localSpan(item, timezone) }));
  const shown = spans.filter((span) => dates.includes(span.date));
  const firstHour = Math.min(DEFAULT_HOURS.first, ...shown.map((span) => Math.floor(span.start / 60)));
  const endHour = Math.max(DEFAULT_HOURS.last, ...shown.map((span) => Math.ceil(span.end / 60)));
  const days = dates.map((date) => {
    const ofDay = shown.filter((span) => span.date === date).sort((a, b) => a.start - b.start || b.end - a.end);
    const lanes = assignLanes(ofDay);
    return {
      date,
      classes: ofDay.map((span, index) => {
        const rowStart = Math.floor((span.start - firstHour * 60) / MINUTES_PER_ROW) + 1;
        const rows = Math.ceil((span.end - firstHour * 60) / MINUTES_PER_ROW) + 1 - rowStart;
        return { item: span.item, rowStart, rowSpan: Math.max(3, rows), ...lanes[index]! };
      }),
    };
  });
  return { firstHour, endHour, days };
}

function localSpan(item: GridClass, timezone: string): { date: string; start: number; end: number } {
  const start = studioWallClock(item.startsAt, timezone);
  const end = studioWallClock(item.endsAt, timezone);
  const endMinute = end.date === start.date ? end.minuteOfDay : 24 * 60;
  return { date: start.date, start: start.minuteOfDay, end: Math.max(endMinute, start.minuteOfDay + MINUTES_PER_ROW) };
}

/**
 * Lanes for classes in start order: a run of overlapping classes (a cluster) shares its width; in it
 * each class takes the first lane whose last class has ended. Classes outside any overlap get the whole width.
 */
function assignLanes(spans: { start: number; end: number }[]): { lane: number; lanes: number }[] {
  const placed: { lane: number; lanes: number }[] = [];
  let cluster: { lane: number; lanes: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  for (const span of spans) {
    if (span.start >= clusterEnd) {
      cluster = [];
      laneEnds = [];
    }
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane === -1) lane = laneEnds.length < MAX_LANES ? laneEnds.length : MAX_LANES - 1;
    laneEnds[lane] = Math.max(laneEnds[lane] ?? 0, span.end);
    clusterEnd = Math.max(span.start >= clusterEnd ? 0 : clusterEnd, span.end);
    const place = { lane: lane + 1, lanes: 0 };
    cluster.push(place);
    placed.push(place);
    for (const member of cluster) member.lanes = laneEnds.length;
  }
  return placed;
}

/** A day's grid has this many columns: every lane count up to MAX_LANES divides it. */
export const DAY_COLUMNS = 60;

/** The 1-based first grid column and the column span of a lane among `lanes`. */
export function laneColumns(lane: number, lanes: number): { columnStart: number; columnSpan: number } {
  const columnSpan = DAY_COLUMNS / lanes;
  return { columnStart: (lane - 1) * columnSpan + 1, columnSpan };
}
