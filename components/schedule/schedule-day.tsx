import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";

type Props = {
  /** The local date "2026-11-23": the section's anchor is `day-<date>` (the day chips link to it). */
  date: string;
  heading: string;
  /** The day's classes that have ended (end before now), collapsed, and those still to come or going on. */
  ended: ReactNode[];
  upcoming: ReactNode[];
};

/**
 * One day of the schedule: its heading (a jump target) and its classes, those that have ended
 * folded away in a <details> ("3 classes have ended") that opens without JavaScript.
 */
export async function ScheduleDay({ date, heading, ended, upcoming }: Props) {
  const t = await getTranslations("Schedule");
  return (
    <section aria-labelledby={`day-${date}`} className="mt-6">
      <h2
        id={`day-${date}`}
        className="scroll-mt-4 border-b border-slate-200 pb-1 text-base font-semibold text-slate-900"
      >
        {heading}
      </h2>
      {ended.length === 0 && upcoming.length === 0 && <p className="py-3 text-sm text-slate-600">{t("noClasses")}</p>}
      {ended.length > 0 && (
        <details className="group border-b border-slate-100">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4 shrink-0 transition-transform group-open:rotate-90"
              fill="currentColor"
            >
              <path d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.5 10 7.2 5.6a1 1 0 0 1 0-1.4Z" />
            </svg>
            {t("endedClasses", { count: ended.length })}
          </summary>
          <ul className="divide-y divide-slate-100">{ended}</ul>
        </details>
      )}
      {upcoming.length > 0 && <ul className="divide-y divide-slate-100">{upcoming}</ul>}
    </section>
  );
}
