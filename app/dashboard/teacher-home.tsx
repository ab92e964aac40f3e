import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDay, formatDayHeading, formatTime } from "@/components/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { PageHeader, Section } from "@/components/forms/page-header";
import { listClasses, type DashboardClass } from "@/lib/admin/list-classes";
import { studioDay, studioWeek } from "@/lib/admin/studio-time";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { attendanceOpensAt } from "@/lib/bookings/record-attendance";
import { getActiveStudio, type Studio } from "@/lib/web/get-active-studio";

/** One class as a large card: the whole card opens its roster (one tap, at the door on a phone). */
async function ClassCards({ classes, studio, now }: { classes: DashboardClass[]; studio: Studio; now: Date }) {
  const t = await getTranslations("TeacherHome");
  return (
    <ul className="space-y-2">
      {classes.map(({ instance, title, location }) => {
        const checkInOpen = now >= attendanceOpensAt(instance.startsAt) && instance.status !== "cancelled";
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
                  {instance.status !== "scheduled" ? <StatusBadge status={instance.status} /> : null}
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

/** A teacher's dashboard: today's classes and the rest of this week's, only those they teach. */
export async function TeacherHome({ viewer }: { viewer: PersonAuth }) {
  const t = await getTranslations("TeacherHome");
  const studio = await getActiveStudio(viewer);
  const now = new Date();
  const day = studioDay(now, studio.timezone);
  const week = studioWeek(now, studio.timezone);
  const classes = await listClasses({ db: viewer.db, from: week.start, to: week.end, teacherId: viewer.userId });
  const today = classes.filter(({ instance }) => instance.startsAt >= day.start && instance.startsAt < day.end);
  const later = classes.filter(({ instance }) => instance.startsAt >= day.end);
  const byDay = new Map<string, DashboardClass[]>();
  for (const item of later) {
    const label = formatDayHeading(item.instance.startsAt, studio);
    byDay.set(label, [...(byDay.get(label) ?? []), item]);
  }
  return (
    <>
      <PageHeader title={t("title")}>{t("intro", { studio: studio.name })}</PageHeader>
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
          [...byDay].map(([label, items]) => (
            <div key={label} className="space-y-2">
              <h3 className="font-medium text-slate-800">{label}</h3>
              <ClassCards classes={items} studio={studio} now={now} />
            </div>
          ))
        )}
      </Section>
    </>
  );
}
