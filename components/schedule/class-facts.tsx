import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { formatMinutes } from "@/lib/format/dates";
import { pageFormat } from "@/lib/i18n/page-language";
import type { PublicInstance } from "@/lib/programme/get-public-instance";

type Props = {
  found: PublicInstance;
  /** "Full — join the waitlist" only where joining it is what the booking button offers. */
  waitlistOffered: boolean;
  now: Date;
};

/** A class page's facts: who teaches, where (with the address), how long, places left. */
export async function ClassFacts({ found, waitlistOffered, now }: Props) {
  const [t, tSchedule] = await Promise.all([getTranslations("PublicClass"), getTranslations("Schedule")]);
  const { account, instance, teachers, location } = found;
  const minutes = Math.round((instance.endsAt.getTime() - instance.startsAt.getTime()) / 60_000);
  const spotsLeft = Math.max(instance.capacity - instance.bookedCount, 0);
  const started = instance.startsAt.getTime() <= now.getTime();
  const facts: { term: string; value: ReactNode }[] = [];
  if (teachers.length > 0)
    facts.push({ term: teachers.length === 1 ? t("teacher") : t("teachers"), value: teachers.join(", ") });
  if (location)
    facts.push({
      term: t("where"),
      value: (
        <>
          {location.name}
          {location.address && <span className="block whitespace-pre-line text-slate-700">{location.address}</span>}
        </>
      ),
    });
  facts.push({ term: t("duration"), value: formatMinutes(minutes, (await pageFormat(account)).locale) });
  if (!started)
    facts.push({
      term: t("places"),
      value: (
        <span className={spotsLeft === 0 ? "font-medium text-amber-800" : undefined}>
          {spotsLeft === 0
            ? waitlistOffered
              ? tSchedule("fullJoinWaitlist")
              : tSchedule("full")
            : tSchedule("placesLeft", { count: spotsLeft })}
        </span>
      ),
    });
  return (
    <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 border-y border-slate-200 py-4">
      {facts.map(({ term, value }) => (
        <div key={term}>
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="mt-0.5 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
