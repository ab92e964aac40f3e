import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DateTime } from "luxon";
import { FillBar } from "@/components/dashboard/fill-bar";
import { formatDay, formatDayHeading, formatTime } from "@/components/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { PageHeader } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listClasses, type DashboardClass } from "@/lib/admin/list-classes";
import { startOfStudioDate, studioDate, studioWeek, toDateTimeLocal } from "@/lib/admin/studio-time";
import { listGroups } from "@/lib/groups/list-groups";
import { InstanceActions } from "./instance-actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Calendar");
  return { title: t("title") };
}

type Props = { searchParams: Promise<{ week?: string }> };

export default async function CalendarPage({ searchParams }: Props) {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("Calendar")]);
  const audienceNames: Record<string, string> = {
    everyone: t("audienceEveryone"),
    groups: t("audienceGroups"),
    nobody: t("audienceNobody"),
  };
  const studio = await getActiveStudio(viewer);
  const { week: weekParam } = await searchParams;
  const anchor = (weekParam && startOfStudioDate(weekParam, studio.timezone)) || new Date();
  const week = studioWeek(anchor, studio.timezone);
  const [classes, groups] = await Promise.all([
    listClasses({ db: viewer.db, from: week.start, to: week.end }),
    listGroups({ db: viewer.db }),
  ]);
  const startLocal = DateTime.fromJSDate(week.start, { zone: studio.timezone });
  const prev = startLocal.minus({ weeks: 1 }).toISODate();
  const next = startLocal.plus({ weeks: 1 }).toISODate();
  const lastDay = startLocal.plus({ days: 6 }).toJSDate();

  const byDay = new Map<string, DashboardClass[]>();
  for (let i = 0; i < 7; i++) byDay.set(startLocal.plus({ days: i }).toISODate()!, []);
  for (const item of classes) byDay.get(studioDate(item.instance.startsAt, studio.timezone))?.push(item);
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));

  return (
    <>
      <PageHeader title={t("title")}>
        {t("intro", { from: formatDay(week.start, studio), to: formatDay(lastDay, studio), zone: studio.timezone })}
      </PageHeader>
      <nav aria-label={t("weeks")} className="flex flex-wrap gap-2">
        <Link
          href={`/dashboard/calendar?week=${prev}`}
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm hover:bg-slate-100"
        >
          {t("previousWeek")}
        </Link>
        <Link
          href="/dashboard/calendar"
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm hover:bg-slate-100"
        >
          {t("thisWeek")}
        </Link>
        <Link
          href={`/dashboard/calendar?week=${next}`}
          className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm hover:bg-slate-100"
        >
          {t("nextWeek")}
        </Link>
      </nav>
      {[...byDay].map(([date, items]) => (
        <section key={date} aria-labelledby={`day-${date}`} className="space-y-2">
          <h2 id={`day-${date}`} className="text-lg font-semibold text-slate-900">
            {formatDayHeading(startOfStudioDate(date, studio.timezone)!, studio)}
          </h2>
          {items.length === 0 ? (
            <p className="text-sm text-slate-600">{t("noClasses")}</p>
          ) : (
            <ul className="space-y-2">
              {items.map(({ instance, title, location }) => (
                <li key={instance.id} className="rounded-lg border border-slate-300 bg-white p-3">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <p className="font-medium">
                        <span className="tabular-nums">
                          {formatTime(instance.startsAt, studio)}–{formatTime(instance.endsAt, studio)}
                        </span>{" "}
                        <Link
                          href={`/dashboard/classes/${instance.id}`}
                          className="text-brand-700 underline underline-offset-2"
                        >
                          {title}
                        </Link>
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                        <StatusBadge status={instance.status} />
                        {location ? <span>{location}</span> : null}
                        <span>
                          {audienceNames[instance.audience] ?? instance.audience}
                          {instance.audience === "groups"
                            ? `: ${instance.groupIds.map((id) => groupNames.get(id) ?? t("unknownGroup")).join(", ")}`
                            : ""}
                        </span>
                        {instance.status === "moved" && instance.originalStartsAt ? (
                          <span>
                            {t("was", {
                              day: formatDay(instance.originalStartsAt, studio),
                              time: formatTime(instance.originalStartsAt, studio),
                            })}
                          </span>
                        ) : null}
                      </p>
                    </div>
                    {instance.status !== "cancelled" ? (
                      <FillBar
                        booked={instance.bookedCount}
                        capacity={instance.capacity}
                        waitlisted={instance.waitlistCount}
                      />
                    ) : null}
                  </div>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">
                      {t("change", { title })}
                    </summary>
                    <div className="mt-3">
                      <InstanceActions
                        instanceId={instance.id}
                        title={title}
                        status={instance.status}
                        startsAtLocal={toDateTimeLocal(instance.startsAt, studio.timezone)}
                        timezone={studio.timezone}
                        audience={instance.audience}
                        groupIds={instance.groupIds}
                        groups={groups.map((group) => ({ id: group.id, name: group.name }))}
                      />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
