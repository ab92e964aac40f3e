/** What the calendar shows, as its address says it: the week (its Monday), the day a phone shows, the filters. */
export type CalendarView = { week: string; day: string; location?: string; teacher?: string };

/** The calendar's address for a view, with a class's panel (`class`) or a new class at a time (`new`) open. */
export function calendarHref(view: CalendarView, open: { class?: string; new?: string } = {}): string {
  const params = new URLSearchParams({ week: view.week, day: view.day });
  if (view.location) params.set("location", view.location);
  if (view.teacher) params.set("teacher", view.teacher);
  if (open.class) params.set("class", open.class);
  if (open.new) params.set("new", open.new);
  return `/dashboard/calendar?${params}`;
}
