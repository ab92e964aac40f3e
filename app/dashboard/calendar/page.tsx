import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDay, formatDayHeading, formatTime } from "@/components/dashboard/format";
import { formatDayLabel, formatTimeRange } from "@/lib/format/dates";
import { zoneName } from "@/lib/format/timezones";
import { addWeeks, resolveWeek, weekDays, weekRange } from "@/lib/studio-time/week";
import { studioDate } from "@/lib/studio-time/studio-date";
import { PageHeader } from "@/components/forms/page-header";
import { getActiveStudio, type Studio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { findClass, listClasses, type DashboardClass } from "@/lib/admin/list-classes";
import { fromDateTimeLocal, toDateTimeLocal } from "@/lib/studio-time/wall-clock";
import { layoutWeek } from "@/lib/admin/week-grid";
import { listGroups } from "@/lib/groups/list-groups";
import { listEvents } from "@/lib/programme/list-events";
import { listLocations } from "@/lib/programme/list-locations";
import { listMemberNames } from "@/lib/users/list-member-names";
import { listStaff } from "@/lib/users/list-staff";
import { Id } from "@/lib/schemas/common";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { calendarHref, type CalendarView } from "./calendar-address";
import { ClassPanel, NewClassPanel } from "./class-panel";
import { panelHeldPlaces } from "./held-places";
import { WeekGridView, type DayLabels } from "./week-grid-view";
import { buttonClass } from "@/components/ui/button";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Calendar");
  return { title: t("title") };
}

type Param = string | string[] | undefined;
type Props = {
  searchParams: Promise<{ week?: Param; day?: Param; location?: Param; teacher?: Param; class?: Param; new?: Param }>;
};

const one = (value: Param) => (Array.isArray(value) ? value[0] : value);
const anId = (value: Param) => {
  const text = one(value);
  return text && Id.safeParse(text).success ? text : undefined;
};

export default async function CalendarPage({ searchParams }: Props) {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("Calendar")]);
  const studio = await getActiveStudio(viewer);
  const params = await searchParams;
  const view = readView(params, studio);
  const { from, to } = weekRange(view.week, studio.timezone);
  const days = weekDays(view.week, studio.timezone);
  const [classes, locations, staff, groups] = await Promise.all([
    listClasses({ db: viewer.db, from, to, teacherId: view.teacher, locationId: view.location }),
    listLocations({ db: viewer.db }),
    listStaff({ db: viewer.db, accountId: viewer.accountId }),
    listGroups({ db: viewer.db }),
  ]);
  const names = await listMemberNames({ db: viewer.db, userIds: classes.flatMap((c) => c.instance.teacherIds) });
  const teachersOf = (item: DashboardClass) =>
    item.instance.teacherIds.map((id) => names.get(id) ?? t("formerMember")).join(", ");
  const grid = layoutWeek({
    items: classes.map(withTimes),
    dates: days.map((day) => day.date),
    timezone: studio.timezone,
  });
  const today = studioDate(new Date(), studio.timezone);
  const dayLabels: DayLabels[] = days.map((day) => {
    const label = formatDayLabel(day.date, { zone: studio.timezone, locale: studio.formatLocale });
    return {
      date: day.date,
      heading: formatDayHeading(day.start, studio),
      short: `${label.weekday} ${label.day}`,
      isToday: day.date === today,
    };
  });
  const panel = await openPanel({ params, view, viewer, studio, classes, staff, groups });

  return (
    <>
      <PageHeader title={t("title")}>
        {t("intro", {
          from: formatDay(days[0]!.start, studio),
          to: formatDay(days[6]!.start, studio),
          zone: zoneName(studio.timezone, studio.formatLocale, days[0]!.start),
        })}
      </PageHeader>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label={t("weeks")} className="flex flex-wrap gap-2">
          <WeekLink href={calendarHref(shiftWeek(view, -1, studio))}>{t("previousWeek")}</WeekLink>
          <WeekLink href={calendarHref({ ...view, week: resolveWeek(undefined, studio.timezone), day: today })}>
            {t("thisWeek")}
          </WeekLink>
          <WeekLink href={calendarHref(shiftWeek(view, 1, studio))}>{t("nextWeek")}</WeekLink>
        </nav>
        <form
          method="get"
          action="/dashboard/calendar"
          className="flex flex-wrap items-end gap-2"
          aria-label={t("filters")}
        >
          <input type="hidden" name="week" value={view.week} />
          <input type="hidden" name="day" value={view.day} />
          <FilterSelect
            name="location"
            label={t("location")}
            all={t("allLocations")}
            value={view.location}
            options={locations
              .filter((l) => l.status === "active" || l.id === view.location)
              .map((l) => ({ id: l.id, name: l.name }))}
          />
          <FilterSelect
            name="teacher"
            label={t("teacher")}
            all={t("allTeachers")}
            value={view.teacher}
            options={staff}
          />
          <button type="submit" className={buttonClass("secondary", "form")}>
            {t("show")}
          </button>
        </form>
      </div>
      <p className="text-sm text-slate-600">
        {classes.length === 0 ? t("noClassesThisWeek") : t("classCount", { count: classes.length })} {t("howTo")}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {panel ? <div className="lg:col-start-2 lg:row-start-1">{panel.node}</div> : null}
        <div className={panel ? "lg:col-start-1 lg:row-start-1" : "lg:col-span-2"}>
          <WeekGridView
            grid={grid}
            view={view}
            days={dayLabels}
            openClassId={panel?.classId}
            startOf={(item) => formatTime(item.instance.startsAt, studio)}
            timeOf={(item) =>
              formatTimeRange(item.instance.startsAt, item.instance.endsAt, {
                zone: studio.timezone,
                locale: studio.formatLocale,
              })
            }
            teachersOf={teachersOf}
          />
        </div>
      </div>
    </>
  );
}

function withTimes(item: DashboardClass) {
  return { ...item, startsAt: item.instance.startsAt, endsAt: item.instance.endsAt };
}

/** The week, the phone's day (today when it is in the week, else the week's Monday) and the filters of the address. */
function readView(params: Awaited<Props["searchParams"]>, studio: Studio): CalendarView {
  const week = resolveWeek(one(params.week), studio.timezone);
  const dates = weekDays(week, studio.timezone).map((day) => day.date);
  const asked = one(params.day);
  const today = studioDate(new Date(), studio.timezone);
  const day = asked && dates.includes(asked) ? asked : dates.includes(today) ? today : dates[0]!;
  return { week, day, location: anId(params.location), teacher: anId(params.teacher) };
}

function shiftWeek(view: CalendarView, weeks: number, studio: Studio): CalendarView {
  const week = addWeeks(view.week, weeks);
  return { ...view, week, day: weekDays(week, studio.timezone)[0]!.date };
}

/** The panel the address opens: a class (`class`) or a new class at a time (`new`); none otherwise. */
async function openPanel({
  params,
  view,
  viewer,
  studio,
  classes,
  staff,
  groups,
}: {
  params: Awaited<Props["searchParams"]>;
  view: CalendarView;
  viewer: Auth;
  studio: Studio;
  classes: DashboardClass[];
  staff: { id: string; name: string }[];
  groups: { id: string; name: string }[];
}) {
  const t = await getTranslations("Calendar");
  const closeHref = calendarHref(view);
  const classId = anId(params.class);
  if (classId) {
    const item =
      classes.find((c) => c.instance.id === classId) ?? (await findClass({ db: viewer.db, instanceId: classId }));
    if (!item) return null;
    const { instance } = item;
    const [names, held] = await Promise.all([
      listMemberNames({ db: viewer.db, userIds: [...instance.teacherIds, ...staff.map((s) => s.id)] }),
      panelHeldPlaces(viewer, instance.id, studio),
    ]);
    const choices = [
      ...staff,
      ...instance.teacherIds
        .filter((id) => !staff.some((s) => s.id === id))
        .map((id) => ({ id, name: names.get(id) ?? t("formerMember") })),
    ];
    const where = { zone: studio.timezone, locale: studio.formatLocale };
    return {
      classId,
      node: (
        <ClassPanel
          item={item}
          held={held}
          closeHref={closeHref}
          when={`${formatDayHeading(instance.startsAt, studio)}, ${formatTimeRange(instance.startsAt, instance.endsAt, where)}`}
          teachers={instance.teacherIds.map((id) => names.get(id) ?? t("formerMember")).join(", ")}
          substitute={instance.ownTeachers}
          movedFrom={
            instance.status === "moved" && instance.originalStartsAt
              ? `${formatDay(instance.originalStartsAt, studio)} ${formatTime(instance.originalStartsAt, studio)}`
              : undefined
          }
          startsAtLocal={toDateTimeLocal(instance.startsAt, studio.timezone)}
          zoneName={zoneName(studio.timezone, studio.formatLocale)}
          staff={choices}
          groups={groups.map((group) => ({ id: group.id, name: group.name }))}
        />
      ),
    };
  }
  const asked = one(params.new);
  const startsAt = asked ? fromDateTimeLocal(asked, studio.timezone) : undefined;
  if (!startsAt) return null;
  const events = (await listEvents({ db: viewer.db })).filter((event) => event.status !== "archived");
  return {
    classId: undefined,
    node: (
      <NewClassPanel
        closeHref={closeHref}
        returnTo={calendarHref(view)}
        startsAtLocal={toDateTimeLocal(startsAt, studio.timezone)}
        when={`${formatDayHeading(startsAt, studio)}, ${formatTime(startsAt, studio)}`}
        zoneName={zoneName(studio.timezone, studio.formatLocale)}
        events={events.map((event) => ({
          id: event.id,
          label: event.status === "draft" ? t("draftEvent", { title: event.title }) : event.title,
        }))}
      />
    ),
  };
}

function WeekLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 text-sm hover:bg-slate-100"
    >
      {children}
    </Link>
  );
}

function FilterSelect({
  name,
  label,
  all,
  value,
  options,
}: {
  name: string;
  label: string;
  all: string;
  value?: string;
  options: { id: string; name: string }[];
}) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      {label}
      <select
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 block min-h-11 rounded-md border border-slate-400 bg-white px-3 text-sm text-slate-900"
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
