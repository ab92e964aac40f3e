// What happened in the demo studio's past, drawn from a seed (pure: no database). The writer
// (write-demo-history.ts) then books, cancels and marks it through the rules of real bookings.
import type { DemoHistory, DemoRegular } from "./demo-fixture";
import { drawWeighted } from "./demo-random";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A class that started before the fixture's `now`; `week` counts from the programme's first Monday. */
export type PastClass = { id: string; eventKey: string; startsAt: Date; week: number };

/** One person's intention to come to one class, with what became of it. */
export type Visit = {
  regular: DemoRegular;
  pastClass: PastClass;
  bookAt: Date;
  /** Cancelled then (inside the cancellation window: late), or not at all. */
  cancelAt: Date | null;
  /** Came, if the place was theirs at the start; otherwise a no-show. */
  shows: boolean;
  /** A pass or drop-in they had to buy first was paid online (else at the desk) … */
  paysOnline: boolean;
  /** … this long before booking. */
  buysMinutesBefore: number;
};

/** Classes a week, from … to, by what a regular pays with: a Månedskort brings people more often. */
const VISITS_PER_WEEK: Record<string, [number, number]> = {
  subscription: [2, 3.5],
  class_pass: [1, 2.2],
  drop_in: [0.4, 1.2],
};
const FAVOURITE_WEIGHT = 6;
const CANCEL_CHANCE = 0.07;
const LATE_CANCEL_CHANCE = 0.05;
const NO_SHOW_CHANCE = 0.08;
/** Some people joined later: from which week, for this share of them. */
const LATE_JOINERS = 0.25;

export function planDemoHistory({
  history,
  productTypes,
  eventKeys,
  classes,
  classesPerWeek,
  cancellationWindowHours,
  random,
}: {
  history: DemoHistory;
  /** Product type by product key. */
  productTypes: Map<string, string>;
  eventKeys: string[];
  /** In the order they started. */
  classes: PastClass[];
  classesPerWeek: number;
  cancellationWindowHours: number;
  random: () => number;
}): Visit[] {
  const weeks = groupBy(classes, (pastClass) => pastClass.week);
  const visits: Visit[] = [];
  for (const regular of history.regulars) {
    const [low, high] = VISITS_PER_WEEK[productTypes.get(regular.productKey) ?? ""] ?? [0.5, 1];
    const perWeek = low + random() * (high - low);
    const favourites = new Set(regular.favourites ?? drawWeighted(eventKeys, () => 1, 2, random));
    const since = random() < LATE_JOINERS ? 1 + Math.floor(random() * 4) : 0;
    for (const [week, inWeek] of weeks) {
      if (week < since) continue;
      const count = Math.floor((perWeek * inWeek.length) / classesPerWeek + random());
      const perEvent = groupBy(inWeek, (pastClass) => pastClass.eventKey);
      const weight = (pastClass: PastClass) =>
        // an event that meets often draws more people in all, but fewer to each of its classes
        (favourites.has(pastClass.eventKey) ? FAVOURITE_WEIGHT : 1) /
        Math.sqrt(perEvent.get(pastClass.eventKey)!.length);
      for (const pastClass of drawWeighted(inWeek, weight, count, random))
        visits.push(visitOf(regular, pastClass, cancellationWindowHours, random));
    }
  }
  return visits;
}

function visitOf(regular: DemoRegular, pastClass: PastClass, windowHours: number, random: () => number): Visit {
  const start = pastClass.startsAt.getTime();
  const bookAt = start - HOUR_MS - Math.floor(random() * 4 * DAY_MS);
  const refundUntil = start - windowHours * HOUR_MS;
  const chance = random();
  let cancelAt: number | null = null;
  if (chance < CANCEL_CHANCE && refundUntil - bookAt > 10 * MINUTE_MS)
    cancelAt = bookAt + MINUTE_MS + Math.floor(random() * (refundUntil - bookAt - 2 * MINUTE_MS));
  else if (chance < CANCEL_CHANCE + LATE_CANCEL_CHANCE)
    cancelAt = Math.max(
      bookAt + MINUTE_MS,
      start - 10 * MINUTE_MS - Math.floor(random() * (windowHours - 1) * HOUR_MS),
    );
  return {
    regular,
    pastClass,
    bookAt: new Date(bookAt),
    cancelAt: cancelAt === null ? null : new Date(cancelAt),
    shows: random() >= NO_SHOW_CHANCE,
    paysOnline: random() < 0.6,
    buysMinutesBefore: 5 + Math.floor(random() * 55),
  };
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}
