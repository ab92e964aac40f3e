import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { Section } from "@/components/forms/page-header";
import { formatDate } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import type { ListedStandingBooking } from "@/lib/bookings/list-standing-bookings";
import { weekdayName } from "@/lib/format/dates";
import type { Studio } from "@/lib/web/get-active-studio";
import { stopStandingPlaceAction } from "../actions";

/** The member's standing places (GET /users/{userId}/standing-bookings): class, rule, since when, status, and Stop. */
export async function StandingPlacesSection({
  userId,
  places,
  studio,
}: {
  userId: string;
  places: ListedStandingBooking[];
  studio: Studio;
}) {
  const t = await getTranslations("PersonPage");
  if (places.length === 0) return null;
  return (
    <Section id="standing-places" title={t("standingHeading")}>
      <StackedTable
        caption={t("standingHeading")}
        columns={[
          { label: t("standingClass") },
          { label: t("standingSince") },
          { label: t("status") },
          { label: t("stopStanding"), className: "empty:hidden md:empty:table-cell" },
        ]}
        rows={places.map((place) => ({
          key: place.id,
          cells: [
            <span key="class">
              {place.series.event.title}
              <span className="block text-xs text-slate-700">
                {t("standingEvery", {
                  weekdays: place.series.weekdays.map((day) => weekdayName(day, studio.formatLocale, "long")).join(", "),
                  time: place.series.localStartTime,
                })}
              </span>
            </span>,
            formatDate(place.createdAt, studio),
            place.status === "active" ? t("standingActive") : t("standingStopped"),
            place.status === "active" ? (
              <ActionForm
                key="stop"
                action={stopStandingPlaceAction}
                hidden={{ standingBookingId: place.id, userId }}
                submitLabel={t("stopStanding")}
                pendingLabel={t("stoppingStanding")}
                variant="danger"
                confirm={t("confirmStopStanding", { title: place.series.event.title })}
                inline
              />
            ) : null,
          ],
        }))}
      />
    </Section>
  );
}
