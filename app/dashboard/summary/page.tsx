import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BarChart, type ChartPoint } from "@/components/dashboard/bar-chart";
import { formatLocalDate, formatMoney, formatMoneyCompact, formatPercent } from "@/components/dashboard/format";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { inputClass } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { getSummarySeries } from "@/lib/admin/get-summary-series";
import { listRevenueByProduct } from "@/lib/admin/list-revenue-by-product";
import { startOfNextLocalDay, startOfStudioDate } from "@/lib/studio-time/day";
import { addDays, studioDate } from "@/lib/studio-time/studio-date";
import { formatDayMonth } from "@/lib/format/dates";
import { zoneName } from "@/lib/format/timezones";
import { SummaryQuery } from "@/lib/schemas/summary";
import { buttonClass } from "@/components/ui/button";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SummaryPage");
  return { title: t("title") };
}

type Props = { searchParams: Promise<{ from?: string; to?: string }> };

const COLORS = { brand: "#245845", amber: "#b45309", red: "#b91c1c", green: "#047857", blue: "#1d4ed8" };
const RANGES = [7, 30, 90, 365];

export default async function SummaryPage({ searchParams }: Props) {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("SummaryPage")]);
  const studio = await getActiveStudio(viewer);
  const params = await searchParams;
  const tz = studio.timezone;
  const today = studioDate(new Date(), tz);
  const toDate = params.to ?? today;
  const fromDate = params.from ?? addDays(toDate, -29) ?? today;
  // The dates are inclusive studio days: [from 00:00, the day after `to` 00:00), checked by the API's schema.
  const fromInstant = startOfStudioDate(fromDate, tz);
  const toInstant = startOfStudioDate(toDate, tz);
  const parsed = SummaryQuery.safeParse({
    from: fromInstant?.toISOString() ?? fromDate,
    to: toInstant ? startOfNextLocalDay(toDate, tz).toISOString() : toDate,
  });

  const rangeLinks = (
    <nav aria-label={t("periods")} className="flex flex-wrap gap-2">
      {RANGES.map((days) => {
        const from = addDays(today, -(days - 1));
        return (
          <Link
            key={days}
            href={`/dashboard/summary?from=${from}&to=${today}`}
            aria-current={params.to === today && params.from === from ? "page" : undefined}
            className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
          >
            {t("lastDays", { days })}
          </Link>
        );
      })}
    </nav>
  );
  const periodForm = (
    <form method="get" className="flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium text-slate-800">
        {t("from")}
        <input type="date" name="from" defaultValue={fromDate} className={inputClass} />
      </label>
      <label className="text-sm font-medium text-slate-800">
        {t("to")}
        <input type="date" name="to" defaultValue={toDate} className={inputClass} />
      </label>
      <button type="submit" className={buttonClass("primary", "form")}>
        {t("show")}
      </button>
    </form>
  );

  if (!parsed.success || !fromInstant || !toInstant) {
    return (
      <>
        <PageHeader title={t("title")} />
        {rangeLinks}
        {periodForm}
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {parsed.success ? t("enterTwoDates") : (parsed.error.issues[0]?.message ?? t("invalidPeriod"))}
          {t("maxSpan")}
        </p>
      </>
    );
  }

  const [{ total, unit, points }, byProduct] = await Promise.all([
    getSummarySeries({ db: viewer.db, ...parsed.data, timezone: tz }),
    listRevenueByProduct({ db: viewer.db, ...parsed.data }),
  ]);
  const productCurrencies = [...new Set(byProduct.map((row) => row.currency))].sort();
  const label = (localDate: string) => formatDayMonth(localDate, { zone: tz, locale: studio.formatLocale });
  const chartPoints = (values: (p: (typeof points)[number]) => Record<string, number>): ChartPoint[] =>
    points.map((point) => ({ label: label(point.label), values: values(point) }));
  const currencies = total.revenue.length > 0 ? total.revenue.map((r) => r.currency) : [studio.currency];
  const per = unit === "day" ? t("perDay") : t("perWeek");
  const figures = [
    { label: t("bookings"), value: String(total.bookings) },
    { label: t("attended"), value: String(total.attended) },
    { label: t("noShows"), value: String(total.noShows) },
    { label: t("cancellations"), value: String(total.cancellations) },
    { label: t("lateCancellations"), value: String(total.lateCancellations) },
    { label: t("fillRate"), value: formatPercent(total.fillRate, studio.locale) },
    { label: t("activeAttendees"), value: String(total.activeAttendees) },
    ...(total.revenue.length === 0
      ? [{ label: t("revenue"), value: formatMoney(0, studio.currency, studio.locale) }]
      : total.revenue.map((r) => ({
          label: t("revenueIn", { currency: r.currency }),
          value: formatMoney(r.amount, r.currency, studio.locale),
        }))),
  ];

  return (
    <>
      <PageHeader title={t("title")}>
        {t("intro", {
          from: formatLocalDate(fromDate, studio),
          to: formatLocalDate(toDate, studio),
          zone: zoneName(tz, studio.formatLocale),
        })}
      </PageHeader>
      {rangeLinks}
      {periodForm}
      <Section id="totals-heading" title={t("totals")}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg border border-slate-300 bg-white p-3">
              <dt className="text-xs font-medium text-slate-700">{figure.label}</dt>
              <dd className="text-xl font-semibold tabular-nums text-brand-900">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="bookings-heading" title={t("bookingsPer", { per })}>
        <BarChart
          id="chart-bookings"
          whole
          title={t("bookingsChart")}
          description={t("bookingsChartDescription", {
            bookings: total.bookings,
            cancellations: total.cancellations,
            late: total.lateCancellations,
            per,
          })}
          series={[
            { key: "bookings", label: t("bookings"), color: COLORS.brand },
            { key: "cancellations", label: t("cancellations"), color: COLORS.amber },
            { key: "late", label: t("lateCancellations"), color: COLORS.red },
          ]}
          points={chartPoints((p) => ({
            bookings: p.summary.bookings,
            cancellations: p.summary.cancellations,
            late: p.summary.lateCancellations,
          }))}
        />
        <BarChart
          id="chart-fill"
          title={t("fillRate")}
          description={t("fillChartDescription", { per, rate: formatPercent(total.fillRate, studio.locale) })}
          series={[{ key: "fill", label: t("fillRate"), color: COLORS.blue }]}
          points={chartPoints((p) => ({ fill: p.summary.fillRate }))}
          format={(value) => formatPercent(value, studio.locale)}
        />
      </Section>
      <Section id="attendance-heading" title={t("attendancePer", { per })}>
        <BarChart
          id="chart-attendance"
          whole
          title={t("attendanceChart")}
          description={t("attendanceChartDescription", { attended: total.attended, noShows: total.noShows, per })}
          series={[
            { key: "attended", label: t("attended"), color: COLORS.green },
            { key: "noShows", label: t("noShows"), color: COLORS.red },
          ]}
          points={chartPoints((p) => ({ attended: p.summary.attended, noShows: p.summary.noShows }))}
        />
      </Section>
      <Section id="revenue-heading" title={t("revenuePer", { per })}>
        {currencies.map((currency) => (
          <BarChart
            key={currency}
            id={`chart-revenue-${currency}`}
            title={t("revenueChart", { currency })}
            description={t("revenueChartDescription", { currency, per })}
            series={[{ key: "amount", label: currency, color: COLORS.brand }]}
            points={chartPoints((p) => ({
              amount: p.summary.revenue.find((r) => r.currency === currency)?.amount ?? 0,
            }))}
            format={(value) => formatMoney(value, currency, studio.locale)}
            axisFormat={(value) => formatMoneyCompact(value, currency, studio.locale)}
          />
        ))}
      </Section>
      <Section id="revenue-products-heading" title={t("revenueByProduct")}>
        {byProduct.length === 0 ? (
          <p className="text-slate-700">{t("noRevenue")}</p>
        ) : (
          productCurrencies.map((currency) => {
            const rows = byProduct.filter((row) => row.currency === currency);
            return (
              <BarChart
                key={currency}
                id={`chart-products-${currency}`}
                title={t("revenueByProductChart", { currency })}
                description={t("revenueByProductDescription", {
                  currency,
                  products: rows.length,
                  top: rows[0]!.name,
                  amount: formatMoney(rows[0]!.amount, currency, studio.locale),
                })}
                series={[{ key: "amount", label: currency, color: COLORS.brand }]}
                points={rows.map((row) => ({ label: row.name, values: { amount: row.amount } }))}
                format={(value) => formatMoney(value, currency, studio.locale)}
                axisFormat={(value) => formatMoneyCompact(value, currency, studio.locale)}
                pointsLabel={t("product")}
              />
            );
          })
        )}
      </Section>
    </>
  );
}
