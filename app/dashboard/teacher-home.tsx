import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDay, formatDayHeading, formatTime } from "@/components/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { PageHeader, Section } from "@/components/forms/page-header";
import { listClasses, type DashboardClass } from "@/lib/admin/list-classes";
import { studioDay } from "@/lib/studio-time/day";
import { addWeeks, resolveWeek, weekRange } from "@/lib/studio-time/week";
import { shownInstanceStatus } from "@/lib/programme/shown-instance-status";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { attendanceOpensAt } from "@/lib/bookings/record-attendance";
import { getActiveStudio, type Studio } from "@/lib/web/get-active-studio";

/** One class as a large card: the whole card opens its roster (one tap, at the door on a phone). */
async function ClassCards({ classes, studio, now }: { classes: DashboardClass[]; studio: Studio; now: Date }) {
  const t = await getTranslations("TeacherHome");
  return (
    <ul className="space-y-2">
      {classes.map(({ instance, title, location }) => {
        const checkInOpen =
          now >= attendanceOpensAt(instance.startsAt) && now < instance.endsAt && instance.status !== "cancelled";
        return (
          <li key={instance.id}>
            <Link
              href={`/dashboard/classes/${instance.id}`}
              className="flex min-h-16 items-center gap-4 rounded-lg border border-slate-300 bg-white p-4 shadow-sm hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="w-14 shrink-0 text-lg font-semibold tabular-nums text-brand-900">
                {formatTime(instance.startsAt, studio)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{title}</span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                  {location ? <span>{location}</span> : null}
                  <span>{t("booked", { booked: instance.bookedCount, capacity: instance.capacity })}</span>
                  {instance.waitlistCount > 0 ? <span>{t("waiting", { count: instance.waitlistCount })}</span> : null}
                  {shownInstanceStatus(instance, now) !== "scheduled" ? (
                    <StatusBadge status={shownInstanceStatus(instance, now)} />
                  ) : null}
                  {checkInOpen ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
                      {t("checkInOpen")}
                    </span>
                  ) : null}
                </span>
              </span>
              <span aria-hidden="true" className="text-xl text-slate-400">
                ›
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function WeekLink({ href, current, children }: { href: string; current?: boolean; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className="flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-2 text-center text-sm hover:bg-slate-100 aria-[current=page]:border-brand-700 aria-[current=page]:font-medium sm:px-3"
    >
      {children}
    </Link>
  );
}

/** Classes under their day's heading. */
function ByDay({ classes, studio, now }: { classes: DashboardClass[]; studio: Studio; now: Date }) {
  const byDay = new Map<string, DashboardClass[]>();
  for (const item of classes) {
    const label = formatDayHeading(item.instance.startsAt, studio);
    byDay.set(label, [...(byDay.get(label) ?? []), item]);
  }
  return [...byDay].map(([label, items]) => (
    <div key={label} className="space-y-2">
      <h3 className="font-medium text-slate-800">{label}</h3>
      <ClassCards classes={items} studio={studio} now={now} />
    </div>
  ));
}

/**
 * A teacher's dashboard, only the classes they teach: this week as today's and the rest of the
 * week's, or any other week (`?week=`, a day of it) as all of its days; previous and next week a tap away.
 */
export async function TeacherHome({ viewer, weekParam }: { viewer: PersonAuth; weekParam?: string }) {
  const t = await getTranslations("TeacherHome");
  const studio = await getActiveStudio(viewer);
  const now = new Date();
  const thisWeek = resolveWeek(undefined, studio.timezone, now);
  const week = resolveWeek(weekParam, studio.timezone, now);
  const { from, to } = weekRange(week, studio.timezone);
  const classes = await listClasses({ db: viewer.db, from, to, teacherId: viewer.userId });
  const weekHref = (monday: string) => (monday === thisWeek ? "/dashboard" : `/dashboard?week=${monday}`);
  const lastDay = new Date(to.getTime() - 1);
  const nav = (
    <nav aria-label={t("weeks")} className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
      <WeekLink href={weekHref(addWeeks(week, -1))}>{t("previousWeek")}</WeekLink>
      <WeekLink href={weekHref(thisWeek)} current={week === thisWeek}>
        {t("thisWeek")}
      </WeekLink>
      <WeekLink href={weekHref(addWeeks(week, 1))}>{t("nextWeek")}</WeekLink>
    </nav>
  );
  if (week !== thisWeek) {
    return (
      <>
        <PageHeader title={t("title")}>{t("intro", { studio: studio.name })}</PageHeader>
        {nav}
        <Section
          id="week-heading"
          title={t("weekOf", { from: formatDay(from, studio), to: formatDay(lastDay, studio) })}
        >
          {classes.length === 0 ? (
            <p className="text-sm text-slate-600">{t("noClassesThatWeek")}</p>
          ) : (
            <ByDay classes={classes} studio={studio} now={now} />
          )}
        </Section>
      </>
    );
  }
  const day = studioDay(now, studio.timezone);
  const today = classes.filter(({ instance }) => instance.startsAt >= day.start && instance.startsAt < day.end);
  const later = classes.filter(({ instance }) => instance.startsAt >= day.end);
  return (
    <>
      <PageHeader title={t("title")}>{t("intro", { studio: studio.name })}</PageHeader>
      {nav}
      <Section id="today-heading" title={t("today", { day: formatDay(now, studio) })}>
        {today.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noClassesToday")}</p>
        ) : (
          <ClassCards classes={today} studio={studio} now={now} />
        )}
      </Section>
      <Section id="week-heading" title={t("laterThisWeek")}>
        {later.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noMoreThisWeek")}</p>
        ) : (
          <ByDay classes={later} studio={studio} now={now} />
        )}
      </Section>
    </>
  );
}
