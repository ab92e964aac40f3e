import { useTranslations } from "next-intl";

export type ChartSeries = { key: string; label: string; color: string };
export type ChartPoint = { label: string; values: Record<string, number> };

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 36, left: 56 };

/** A round axis maximum ≥ max: 1, 2 or 5 × 10^n. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * A grouped bar chart drawn on the server as SVG: no client JavaScript. The figure is an image with
 * a title and summary for screen readers, each bar has a <title> (its value on hover), and the
 * same numbers follow in a data table.
 */
export function BarChart({
  id,
  title,
  description,
  series,
  points,
  format = (value) => String(value),
  whole = false,
  axisFormat,
  pointsLabel,
}: {
  id: string;
  title: string;
  description: string;
  series: ChartSeries[];
  points: ChartPoint[];
  format?: (value: number) => string;
  /** Counts: the axis goes to at least 4, so its ticks are whole numbers. */
  whole?: boolean;
  /** Shorter labels for the y axis (e.g. compact money); default `format`. */
  axisFormat?: (value: number) => string;
  /** The heading of the points' column in the numbers' table; default "Period". */
  pointsLabel?: string;
}) {
  const t = useTranslations("BarChart");
  const highest = Math.max(0, ...points.flatMap((point) => series.map((s) => point.values[s.key] ?? 0)));
  const max = whole ? Math.max(4, highest <= 4 ? 4 : Math.ceil(niceMax(highest) / 4) * 4) : niceMax(highest);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(1, (slot * 0.8) / series.length);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const labelEvery = Math.ceil(points.length / 10);
  // An axis label longer than its slot (a product's name) is cut short; the title and the table have it whole.
  const labelChars = Math.max(4, Math.floor((slot * labelEvery) / 6.5));
  const axisLabel = (label: string) => (label.length > labelChars ? `${label.slice(0, labelChars - 1)}…` : label);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => fraction * max);

  return (
    <figure className="space-y-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-title`} className="font-medium text-slate-900">
          {title}
        </span>
        <span className="flex flex-wrap gap-3 text-xs text-slate-700" aria-hidden="true">
          {series.map((s) => (
            <span key={s.key} className="flex items-center gap-1">
              <svg className="size-3 rounded-sm" viewBox="0 0 1 1">
                <rect width="1" height="1" fill={s.color} />
              </svg>
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      {/* Wider than a phone: the chart scrolls sideways, and the keyboard can scroll it too (focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby={`${id}-title`}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[540px] rounded-md border border-slate-200 bg-white"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <desc id={`${id}-desc`}>{description}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#334155">
                {(axisFormat ?? format)(tick)}
              </text>
            </g>
          ))}
          {points.map((point, index) => {
            const x0 = PAD.left + index * slot + slot * 0.1;
            return (
              <g key={`${index}-${point.label}`}>
                {series.map((s, i) => {
                  const value = point.values[s.key] ?? 0;
                  const top = y(value);
                  return (
                    <rect
                      key={s.key}
                      x={x0 + i * barWidth}
                      y={top}
                      width={barWidth}
                      height={PAD.top + plotHeight - top}
                      fill={s.color}
                    >
                      <title>{`${point.label} · ${s.label}: ${format(value)}`}</title>
                    </rect>
                  );
                })}
                {index % labelEvery === 0 ? (
                  <text
                    x={x0 + (barWidth * series.length) / 2}
                    y={HEIGHT - PAD.bottom + 16}
                    textAnchor="middle"
                    fontSize="11"
                    fill="#334155"
                  >
                    {axisLabel(point.label)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={PAD.top + plotHeight}
            y2={PAD.top + plotHeight}
            stroke="#64748b"
          />
        </svg>
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700">{t("showNumbers")}</summary>
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="group" aria-labelledby={`${id}-title`}>
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-4 font-medium">
                  {pointsLabel ?? t("period")}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 pr-4 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={`${index}-${point.label}`} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {point.label}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="py-1 pr-4 text-right tabular-nums">
                      {format(point.values[s.key] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
