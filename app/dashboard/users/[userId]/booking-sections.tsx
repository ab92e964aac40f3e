import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Section } from "@/components/forms/page-header";
import { BarChart } from "@/components/dashboard/bar-chart";
import { formatDate, formatDateTime } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { getStatusWords } from "@/lib/i18n/status-words";
import { CHART_WEEKS, PAST_SHOWN, type PersonOverview } from "@/lib/users/get-person-overview";
import type { Studio } from "@/lib/web/get-active-studio";
import { ListPager, type PersonSectionProps } from "./list-pages";

/** The person's live bookings of classes to come, each linked to its class. */
export async function UpcomingSection({ overview, studio }: { overview: PersonOverview; studio: Studio }) {
  const [t, words] = await Promise.all([getTranslations("PersonPage"), getStatusWords()]);
  const { upcoming } = overview;
  return (
    <Section id="upcoming" title={t("upcomingHeading")}>
      {upcoming.length === 0 ? (
        <p className="text-slate-700">{t("noUpcoming")}</p>
      ) : (
        <StackedTable
          caption={t("upcomingHeading")}
          columns={[{ label: t("class") }, { label: t("when") }, { label: t("status") }]}
          rows={upcoming.map((booking) => ({
            key: booking.id,
            cells: [
              <Link
                key="class"
                href={`/dashboard/classes/${booking.instanceId}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {booking.title}
              </Link>,
              formatDateTime(booking.startsAt, studio),
              words.booking(booking.status),
            ],
          }))}
        />
      )}
    </Section>
  );
}

/** The attendance chart of the last weeks and the bookings of classes past, newest first. */
export async function HistorySection({ overview, studio, pages }: PersonSectionProps) {
  const [t, words] = await Promise.all([getTranslations("PersonPage"), getStatusWords()]);
  const { attendance, weeks, past } = overview;
  return (
    <Section id="history" title={t("pastHeading")}>
      {attendance.attended + attendance.noShow > 0 ? (
        <BarChart
          id="attendance-weeks"
          title={t("chartTitle", { weeks: CHART_WEEKS })}
          description={t("chartDescription", { attended: attendance.attended, noShow: attendance.noShow })}
          series={[
            { key: "attended", label: words.attendance("attended"), color: "#047857" },
            { key: "noShow", label: words.attendance("no_show"), color: "#b91c1c" },
          ]}
          points={weeks.map((week) => ({
            label: formatDate(week.start, studio),
            values: { attended: week.attended, noShow: week.noShow },
          }))}
          whole
        />
      ) : null}
      {past.total === 0 ? (
        <p className="text-slate-700">{t("noPast")}</p>
      ) : (
        <>
          {past.total > PAST_SHOWN ? (
            <p className="text-sm text-slate-700">{t("pastTotal", { total: past.total })}</p>
          ) : null}
          <StackedTable
            caption={t("pastHeading")}
            columns={[{ label: t("class") }, { label: t("when") }, { label: t("status") }, { label: t("attendance") }]}
            rows={past.shown.map((booking) => ({
              key: booking.id,
              cells: [
                booking.title,
                formatDateTime(booking.startsAt, studio),
                words.booking(booking.status),
                booking.status !== "confirmed"
                  ? "—"
                  : booking.attendance
                    ? words.attendance(booking.attendance)
                    : t("notMarked"),
              ],
            }))}
          />
          <ListPager pages={pages} label={t("pastPages")} />
        </>
      )}
    </Section>
  );
}
