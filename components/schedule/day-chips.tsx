import { getTranslations } from "next-intl/server";
import { formatDayLabel } from "@/lib/format/dates";
import type { WeekDay } from "@/lib/studio-time/week";

type Props = {
  days: WeekDay[];
  where: { zone: string; locale: string };
  /** The studio's local date today, marked as the current date when it is in the week. */
  today: string;
  /** Local dates that have classes; the others are shown quieter. */
  busy: Set<string>;
};

/** A row of the week's days ("man. 23"), each a link to its section: the page jumps without JavaScript. */
export async function DayChips({ days, where, today, busy }: Props) {
  const t = await getTranslations("Schedule");
  return (
    <nav aria-label={t("days")} className="mt-3">
      <ul className="grid grid-cols-7 gap-1">
        {days.map(({ date }) => {
          const label = formatDayLabel(date, where);
          const current = date === today;
          return (
            <li key={date}>
              <a
                href={`#day-${date}`}
                aria-current={current ? "date" : undefined}
                className={`flex min-h-11 flex-col items-center justify-center rounded-md border py-1 text-center leading-tight hover:bg-brand-50 ${
                  current
                    ? "border-brand-700 bg-brand-50 text-brand-900"
                    : `border-slate-200 ${busy.has(date) ? "text-slate-900" : "text-slate-600"}`
                }`}
              >
                <span className="text-xs">{label.weekday}</span>{" "}
                <span className="font-semibold tabular-nums">{label.day}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
