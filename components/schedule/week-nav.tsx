import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDateRange } from "@/lib/format/dates";
import type { WeekDay } from "@/lib/studio-time/week";

type Props = {
  days: WeekDay[];
  where: { zone: string; locale: string };
  previousHref: string;
  nextHref: string;
  /** The link back to this week, when another week is shown. */
  thisWeekHref?: string;
};

const STEP =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 font-medium text-brand-700 hover:bg-brand-50";

/**
 * Previous week · the week's dates (and "This week") · next week, on one line even on a phone: the
 * steps are arrows there, their words ("Previous week") read to screen readers and shown from `sm` up.
 */
export async function WeekNav({ days, where, previousHref, nextHref, thisWeekHref }: Props) {
  const t = await getTranslations("Schedule");
  return (
    <nav aria-label={t("weeks")} className="mt-4 flex items-center justify-between gap-1">
      <Link href={previousHref} className={STEP} rel="prev">
        <Chevron direction="left" />
        <span className="sr-only sm:not-sr-only">{t("previous")}</span>
        <span className="sr-only">{t("weekHidden")}</span>
      </Link>
      <p className="flex min-w-0 flex-wrap items-baseline justify-center gap-x-2 text-center" aria-live="polite">
        <span className="font-medium tabular-nums">
          <span className="sr-only">{t("weekOf")}</span>
          {formatDateRange(days[0]!.date, days[6]!.date, where)}
        </span>
        {thisWeekHref && (
          <Link
            href={thisWeekHref}
            className="inline-flex min-h-6 items-center text-sm text-brand-700 underline underline-offset-2"
          >
            {t("thisWeek")}
          </Link>
        )}
      </p>
      <Link href={nextHref} className={STEP} rel="next">
        <span className="sr-only sm:not-sr-only">{t("next")}</span>
        <span className="sr-only">{t("weekHidden")}</span>
        <Chevron direction="right" />
      </Link>
    </nav>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-5 ${direction === "left" ? "rotate-180" : ""}`}
    >
      <path d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.5 10 7.2 5.6a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
