import Link from "next/link";
import { useTranslations } from "next-intl";
import { laneColumns, type PlacedClass, type WeekGrid } from "@/lib/admin/week-grid";
import type { DashboardClass } from "@/lib/admin/list-classes";
import { calendarHref, type CalendarView } from "./calendar-address";

export type DayLabels = { date: string; heading: string; short: string; isToday: boolean };

type Props = {
  grid: WeekGrid<DashboardClass>;
  view: CalendarView;
  days: DayLabels[];
  openClassId?: string;
  /** A class's start and its whole time ("07.00", "07.00–08.00") in the studio's zone, and its teachers' names. */
  startOf: (item: DashboardClass) => string;
  timeOf: (item: DashboardClass) => string;
  teachersOf: (item: DashboardClass) => string;
};

// Rows are five minutes (lib/admin/week-grid.ts); `row-start-*`, `row-span-*`, `col-start-*` and
// `col-span-*` are computed, so app/globals.css lists them for Tailwind (`@source inline`).
const ROW_HEIGHT = "auto-rows-[0.4375rem]";
const HEADER_HEIGHT = "h-16";

/**
 * The week as a time-axis grid, a column per day (one day on a phone, chosen in a strip of days).
 * Server-rendered links, no client script: a class opens its panel, an empty hour opens a new
 * class at that time. Empty slots are for pointers only; the keyboard and screen readers get each
 * day's heading, an "add a class" link and its classes as a list.
 */
export function WeekGridView({ grid, view, days, openClassId, startOf, timeOf, teachersOf }: Props) {
  const t = useTranslations("Calendar");
  const hours = Array.from({ length: grid.endHour - grid.firstHour }, (_, index) => grid.firstHour + index);
  return (
    <div className="space-y-3">
      <nav aria-label={t("days")} className="md:hidden">
        <ul className="grid grid-cols-7 gap-1">
          {days.map((day) => (
            <li key={day.date}>
              <Link
                href={calendarHref({ ...view, day: day.date })}
                aria-current={day.date === view.day ? "date" : undefined}
                className={`flex min-h-11 flex-col items-center justify-center rounded-md border text-xs leading-tight ${
                  day.date === view.day
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                }`}
              >
                {day.short}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-[2.75rem_minmax(0,1fr)] rounded-lg border border-slate-300 bg-white md:grid-cols-[3.25rem_repeat(7,minmax(0,1fr))]">
        <div aria-hidden="true" className="border-r border-slate-200">
          <div className={`${HEADER_HEIGHT} border-b border-slate-300`} />
          <div className={`grid ${ROW_HEIGHT}`}>
            {hours.map((hour) => (
              <span key={hour} className="row-span-12 -mt-2 pr-1 text-right text-xs tabular-nums text-slate-600">
                {String(hour).padStart(2, "0")}:00
              </span>
            ))}
          </div>
        </div>
        {grid.days.map((day, index) => (
          <DayColumn
            key={day.date}
            labels={days[index]!}
            classes={day.classes}
            hours={hours}
            view={view}
            shownOnPhone={day.date === view.day}
            openClassId={openClassId}
            startOf={startOf}
            timeOf={timeOf}
            teachersOf={teachersOf}
          />
        ))}
      </div>
    </div>
  );
}

function DayColumn({
  labels,
  classes,
  hours,
  view,
  shownOnPhone,
  openClassId,
  startOf,
  timeOf,
  teachersOf,
}: {
  labels: DayLabels;
  classes: PlacedClass<DashboardClass>[];
  hours: number[];
  view: CalendarView;
  shownOnPhone: boolean;
  openClassId?: string;
  startOf: Props["startOf"];
  timeOf: Props["timeOf"];
  teachersOf: Props["teachersOf"];
}) {
  const t = useTranslations("Calendar");
  const headingId = `day-${labels.date}`;
  const slotAt = (hour: number, minute: number) =>
    `${labels.date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 border-slate-200 md:border-l ${shownOnPhone ? "" : "hidden md:block"}`}
    >
      <header
        className={`${HEADER_HEIGHT} flex items-center justify-between gap-0.5 border-b border-slate-300 pl-2 ${
          labels.isToday ? "bg-brand-50" : ""
        }`}
      >
        <h2 id={headingId} className="min-w-0 text-sm font-semibold leading-tight text-slate-900">
          <span aria-hidden="true">{labels.short}</span>
          <span className="sr-only">{labels.heading}</span>
        </h2>
        <Link
          href={calendarHref(view, { new: slotAt(10, 0) })}
          className="flex h-11 w-8 shrink-0 items-center justify-center rounded-md text-xl text-brand-700 hover:bg-brand-50"
        >
          <span aria-hidden="true">+</span>
          <span className="sr-only">{t("addOn", { day: labels.heading })}</span>
        </Link>
      </header>
      <div className="relative">
        <div aria-hidden="true" className={`grid ${ROW_HEIGHT}`}>
          {/* Plain anchors, one an hour: a week has a hundred of them, and a next/link each would
              weigh on every render of the page (issue 16 §5's calendar figure). */}
          {hours.map((hour) => (
            <a
              key={hour}
              href={calendarHref(view, { new: slotAt(hour, 0) })}
              tabIndex={-1}
              title={t("addAt", { time: slotAt(hour, 0).slice(11) })}
              className="row-span-12 border-t border-slate-200 hover:bg-brand-50"
            />
          ))}
        </div>
        {classes.length === 0 ? (
          <p className="sr-only">{t("noClasses")}</p>
        ) : (
          <ol className={`pointer-events-none absolute inset-0 grid grid-cols-60 ${ROW_HEIGHT}`}>
            {classes.map((placed) => (
              <ClassBlock
                key={placed.item.instance.id}
                placed={placed}
                href={calendarHref(view, { class: placed.item.instance.id })}
                open={placed.item.instance.id === openClassId}
                start={startOf(placed.item)}
                time={timeOf(placed.item)}
                teachers={teachersOf(placed.item)}
              />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

const TONE: Record<string, string> = {
  scheduled: "border-brand-700 bg-brand-50 text-slate-900",
  moved: "border-sky-700 bg-sky-50 text-slate-900",
  cancelled: "border-slate-400 bg-slate-100 text-slate-600",
};

function ClassBlock({
  placed,
  href,
  open,
  start,
  time,
  teachers,
}: {
  placed: PlacedClass<DashboardClass>;
  href: string;
  open: boolean;
  /** The start ("07.00") shown, and the whole time ("07.00–08.00") read out. */
  start: string;
  time: string;
  teachers: string;
}) {
  const t = useTranslations("Calendar");
  const { instance, title } = placed.item;
  const { columnStart, columnSpan } = laneColumns(placed.lane, placed.lanes);
  const cancelled = instance.status === "cancelled";
  const full = !cancelled && instance.bookedCount >= instance.capacity;
  return (
    <li
      className={`pointer-events-auto row-start-${placed.rowStart} row-span-${placed.rowSpan} col-start-${columnStart} col-span-${columnSpan} min-w-0 p-px`}
    >
      <Link
        href={href}
        aria-current={open ? "true" : undefined}
        title={title}
        className={`group block h-full overflow-hidden rounded-md border-l-[3px] px-1 py-0.5 text-xs leading-snug shadow-sm hover:relative hover:z-20 hover:h-auto hover:min-h-full hover:min-w-40 hover:overflow-visible hover:brightness-95 focus-visible:relative focus-visible:z-20 focus-visible:h-auto focus-visible:min-h-full focus-visible:min-w-40 ${
          TONE[instance.status] ?? TONE.scheduled
        } ${open ? "ring-2 ring-brand-900" : ""}`}
      >
        {/* Words are never split: a title too long for its lane ends in an ellipsis, and hovering or
            focusing the class shows it whole (as its tooltip does; it is read out whole). */}
        <span
          className={`block font-semibold [overflow-wrap:normal] group-hover:whitespace-normal group-focus-visible:whitespace-normal ${
            placed.lanes > 1 ? "truncate" : "line-clamp-2 text-ellipsis"
          } group-hover:line-clamp-none group-focus-visible:line-clamp-none ${cancelled ? "line-through" : ""}`}
        >
          {title}
        </span>
        <span aria-hidden="true" className="flex flex-wrap gap-x-1 tabular-nums">
          <span className="whitespace-nowrap">{start}</span>
          {cancelled ? (
            <span className="whitespace-nowrap">· {t("cancelledShort")}</span>
          ) : (
            <>
              <span className="whitespace-nowrap">
                · {instance.bookedCount}/{instance.capacity}
              </span>
              {full ? <span className="whitespace-nowrap">· {t("full")}</span> : null}
            </>
          )}
        </span>
        <span className="sr-only">
          {time},{" "}
          {cancelled
            ? t("cancelledShort")
            : `${t("bookedShort", { booked: instance.bookedCount, capacity: instance.capacity })}${full ? `, ${t("full")}` : ""}`}
        </span>
        {!cancelled && teachers ? <span className="block [overflow-wrap:normal] text-slate-700">{teachers}</span> : null}
      </Link>
    </li>
  );
}
