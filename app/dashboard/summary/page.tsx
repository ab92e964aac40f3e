import Link from "next/link";
import { DateTime } from "luxon";
import { BarChart, type ChartPoint } from "@/components/dashboard/bar-chart";
import { formatMoney, formatMoneyCompact, formatPercent } from "@/components/dashboard/format";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { inputClass } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { getSummarySeries } from "@/lib/admin/get-summary-series";
import { startOfStudioDate, studioDate } from "@/lib/admin/studio-time";
import { SummaryQuery } from "@/lib/schemas/summary";

export const dynamic = "force-dynamic";
export const metadata = { title: "Summary" };

type Props = { searchParams: Promise<{ from?: string; to?: string }> };

const COLORS = { brand: "#245845", amber: "#b45309", red: "#b91c1c", green: "#047857", blue: "#1d4ed8" };
const RANGES = [7, 30, 90, 365];

export default async function SummaryPage({ searchParams }: Props) {
  const viewer = await requireAdministrator();
  const studio = await getActiveStudio(viewer);
  const params = await searchParams;
  const tz = studio.timezone;
  const today = studioDate(new Date(), tz);
  const toDate = params.to ?? today;
  const fromDate = params.from ?? DateTime.fromISO(toDate, { zone: tz }).minus({ days: 29 }).toISODate() ?? today;
  // The dates are inclusive studio days: [from 00:00, the day after `to` 00:00), checked by the API's schema.
  const fromInstant = startOfStudioDate(fromDate, tz);
  const toInstant = startOfStudioDate(toDate, tz);
  const parsed = SummaryQuery.safeParse({
    from: fromInstant?.toISOString() ?? fromDate,
    to: toInstant ? DateTime.fromJSDate(toInstant, { zone: tz }).plus({ days: 1 }).toISO() : toDate,
  });

  const rangeLinks = (
    <nav aria-label="Periods" className="flex flex-wrap gap-2">
      {RANGES.map((days) => {
        const from = DateTime.fromISO(today, { zone: tz })
          .minus({ days: days - 1 })
          .toISODate();
        return (
          <Link
            key={days}
            href={`/dashboard/summary?from=${from}&to=${today}`}
            aria-current={params.to === today && params.from === from ? "page" : undefined}
            className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
          >
            Last {days} days
          </Link>
        );
      })}
    </nav>
  );
  const periodForm = (
    <form method="get" className="flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium text-slate-800">
        From
        <input type="date" name="from" defaultValue={fromDate} className={inputClass} />
      </label>
      <label className="text-sm font-medium text-slate-800">
        To (inclusive)
        <input type="date" name="to" defaultValue={toDate} className={inputClass} />
      </label>
      <button
        type="submit"
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900"
      >
        Show
      </button>
    </form>
  );

  if (!parsed.success || !fromInstant || !toInstant) {
    return (
      <>
        <PageHeader title="Summary" />
        {rangeLinks}
        {periodForm}
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {parsed.success ? "Enter two dates." : (parsed.error.issues[0]?.message ?? "Invalid period")} The period may
          span at most 366 days.
        </p>
      </>
    );
  }

  const { total, unit, points } = await getSummarySeries({ db: viewer.db, ...parsed.data, timezone: tz });
  const label = (iso: string) =>
    DateTime.fromISO(iso, { zone: tz }).setLocale(studio.locale).toLocaleString({ day: "numeric", month: "short" });
  const chartPoints = (values: (p: (typeof points)[number]) => Record<string, number>): ChartPoint[] =>
    points.map((point) => ({ label: label(point.label), values: values(point) }));
  const currencies = total.revenue.length > 0 ? total.revenue.map((r) => r.currency) : [studio.currency];
  const per = unit === "day" ? "per day" : "per week (from Monday)";
  const figures = [
    { label: "Bookings", value: String(total.bookings) },
    { label: "Attended", value: String(total.attended) },
    { label: "No-shows", value: String(total.noShows) },
    { label: "Cancellations", value: String(total.cancellations) },
    { label: "Late cancellations", value: String(total.lateCancellations) },
    { label: "Fill rate", value: formatPercent(total.fillRate, studio.locale) },
    { label: "Active attendees", value: String(total.activeAttendees) },
    ...(total.revenue.length === 0
      ? [{ label: "Revenue", value: formatMoney(0, studio.currency, studio.locale) }]
      : total.revenue.map((r) => ({
          label: `Revenue (${r.currency})`,
          value: formatMoney(r.amount, r.currency, studio.locale),
        }))),
  ];

  return (
    <>
      <PageHeader title="Summary">
        {fromDate} to {toDate} ({tz}). Bookings and the fill rate count classes starting in the period; revenue counts
        orders paid in it.
      </PageHeader>
      {rangeLinks}
      {periodForm}
      <Section id="totals-heading" title="Totals">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg border border-slate-300 bg-white p-3">
              <dt className="text-xs font-medium text-slate-700">{figure.label}</dt>
              <dd className="text-xl font-semibold tabular-nums text-brand-900">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="bookings-heading" title={`Bookings ${per}`}>
        <BarChart
          id="chart-bookings"
          whole
          title="Bookings and cancellations"
          description={`${total.bookings} bookings, ${total.cancellations} cancellations and ${total.lateCancellations} late cancellations ${per}.`}
          series={[
            { key: "bookings", label: "Bookings", color: COLORS.brand },
            { key: "cancellations", label: "Cancellations", color: COLORS.amber },
            { key: "late", label: "Late cancellations", color: COLORS.red },
          ]}
          points={chartPoints((p) => ({
            bookings: p.summary.bookings,
            cancellations: p.summary.cancellations,
            late: p.summary.lateCancellations,
          }))}
        />
        <BarChart
          id="chart-fill"
          title="Fill rate"
          description={`Fill rate ${per}; ${formatPercent(total.fillRate, studio.locale)} over the period.`}
          series={[{ key: "fill", label: "Fill rate", color: COLORS.blue }]}
          points={chartPoints((p) => ({ fill: p.summary.fillRate }))}
          format={(value) => formatPercent(value, studio.locale)}
        />
      </Section>
      <Section id="attendance-heading" title={`Attendance ${per}`}>
        <BarChart
          id="chart-attendance"
          whole
          title="Attended and no-shows"
          description={`${total.attended} attended and ${total.noShows} no-shows ${per}.`}
          series={[
            { key: "attended", label: "Attended", color: COLORS.green },
            { key: "noShows", label: "No-shows", color: COLORS.red },
          ]}
          points={chartPoints((p) => ({ attended: p.summary.attended, noShows: p.summary.noShows }))}
        />
      </Section>
      <Section id="revenue-heading" title={`Revenue ${per}`}>
        {currencies.map((currency) => (
          <BarChart
            key={currency}
            id={`chart-revenue-${currency}`}
            title={`Revenue in ${currency}`}
            description={`Paid orders in ${currency} ${per}.`}
            series={[{ key: "amount", label: currency, color: COLORS.brand }]}
            points={chartPoints((p) => ({
              amount: p.summary.revenue.find((r) => r.currency === currency)?.amount ?? 0,
            }))}
            format={(value) => formatMoney(value, currency, studio.locale)}
            axisFormat={(value) => formatMoneyCompact(value, currency, studio.locale)}
          />
        ))}
      </Section>
    </>
  );
}
