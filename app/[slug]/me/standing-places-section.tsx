import { getTranslations } from "next-intl/server";
import { weekdayName } from "@/lib/format/dates";
import { stopPlaceAction } from "../actions";
import { StandingPlaceButton } from "../standing-place-button";
import type { MemberSectionProps } from "./list-pages";

/** The member's standing places still running, each with its weekly class and Stop; nothing when there are none. */
export async function StandingPlacesSection({ overview, studio, where }: MemberSectionProps) {
  const t = await getTranslations("MyBookings");
  const places = overview.standingPlaces;
  if (places.length === 0) return null;
  return (
    <section aria-labelledby="standing-places" className="mt-8">
      <h2 id="standing-places" className="text-lg font-semibold">
        {t("standingPlaces")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("standingPlacesHint")}</p>
      <ul className="mt-2 divide-y divide-slate-100">
        {places.map((place) => (
          <li key={place.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
            <p className="font-semibold text-slate-900">
              {t("standingEvery", {
                title: place.series.event.title,
                weekdays: place.series.weekdays.map((day) => weekdayName(day, where.locale, "long")).join(", "),
                time: place.series.localStartTime,
              })}
            </p>
            <StandingPlaceButton
              label={t("stopPlace")}
              pendingLabel={t("stoppingPlace")}
              run={stopPlaceAction.bind(null, studio.slug, { standingBookingId: place.id })}
              variant="danger"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
