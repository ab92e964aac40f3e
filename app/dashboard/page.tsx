import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ClassList } from "@/components/dashboard/class-list";
import { FillBar } from "@/components/dashboard/fill-bar";
import { formatDay, formatPercent } from "@/components/dashboard/format";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireStaff } from "@/lib/web/require-administrator";
import { Notice } from "@/components/ui/notice";
import { getSetupChecklist } from "@/lib/admin/get-setup-checklist";
import { env } from "@/lib/env";
import { zoneName } from "@/lib/format/timezones";
import { SetupChecklist } from "./setup-checklist";
import { TeacherHome } from "./teacher-home";
import { fillRate } from "@/lib/admin/fill-rate";
import { listClasses, type DashboardClass } from "@/lib/admin/list-classes";
import { studioDay } from "@/lib/studio-time/day";
import { studioWeek } from "@/lib/studio-time/week";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("DashboardHome");
  return { title: t("title") };
}

/** Confirmed places ÷ capacity of the classes that take place. */
function totals(classes: DashboardClass[]) {
  const running = classes.filter(({ instance }) => instance.status !== "cancelled");
  const booked = running.reduce((sum, { instance }) => sum + instance.bookedCount, 0);
  const capacity = running.reduce((sum, { instance }) => sum + instance.capacity, 0);
  return { count: running.length, booked, capacity, rate: fillRate(booked, capacity) };
}

type Props = { searchParams: Promise<{ added?: string; week?: string | string[] }> };

export default async function DashboardPage({ searchParams }: Props) {
  const [viewer, t, { added, week: weekParam }] = await Promise.all([
    requireStaff(),
    getTranslations("DashboardHome"),
    searchParams,
  ]);
  if (viewer.persona === "teacher")
    return <TeacherHome viewer={viewer} weekParam={Array.isArray(weekParam) ? weekParam[0] : weekParam} />;
  const now = new Date();
  const [studio, checklist] = await Promise.all([
    getActiveStudio(viewer),
    getSetupChecklist({ db: viewer.db, accountId: viewer.accountId, now }),
  ]);
  const publicPath = `/${encodeURIComponent(studio.slug)}`;
  const day = studioDay(now, studio.timezone);
  const week = studioWeek(now, studio.timezone);
  const weekClasses = await listClasses({ db: viewer.db, from: week.start, to: week.end });
  const today = weekClasses.filter(({ instance }) => instance.startsAt >= day.start && instance.startsAt < day.end);
  const todayTotals = totals(today);
  const weekTotals = totals(weekClasses);

  const byDay = new Map<string, DashboardClass[]>();
  for (const item of weekClasses) {
    const label = formatDay(item.instance.startsAt, studio);
    byDay.set(label, [...(byDay.get(label) ?? []), item]);
  }

  return (
    <>
      <PageHeader title={t("title")}>
        {t("intro", { studio: studio.name, zone: zoneName(studio.timezone, studio.formatLocale, now) })}
      </PageHeader>
      {added === "weekly-class" ? <Notice tone="success">{t("weeklyClassAdded")}</Notice> : null}
      <SetupChecklist checklist={checklist} publicPath={publicPath} publicUrl={`${env().APP_URL}${publicPath}`} />
      <dl className="grid gap-4 sm:grid-cols-2">
        {[
          { label: t("today"), data: todayTotals },
          { label: t("thisWeek"), data: weekTotals },
        ].map(({ label, data }) => (
          <div key={label} className="rounded-lg border border-slate-300 bg-white p-4">
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className="mt-1 space-y-2">
              <span className="block text-2xl font-semibold text-brand-900">
                {t("classesFull", { count: data.count, percent: formatPercent(data.rate, studio.locale) })}
              </span>
              <FillBar booked={data.booked} capacity={data.capacity} />
            </dd>
          </div>
        ))}
      </dl>
      <Section id="today-heading" title={t("todayHeading", { day: formatDay(now, studio) })}>
        <ClassList classes={today} studio={studio} empty={t("noClassesToday")} />
      </Section>
      <Section id="week-heading" title={t("thisWeek")}>
        {weekClasses.length === 0 ? (
          <p className="text-sm text-slate-600">
            {t.rich("noClassesThisWeek", {
              plan: (chunks) => (
                <Link href="/dashboard/events" className="text-brand-700 underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : (
          [...byDay].map(([label, classes]) => (
            <div key={label} className="space-y-2">
              <h3 className="font-medium text-slate-800">{label}</h3>
              <ClassList classes={classes} studio={studio} empty="" />
            </div>
          ))
        )}
      </Section>
    </>
  );
}
