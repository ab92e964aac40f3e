import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BookingControls } from "@/components/schedule/booking-controls";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime, formatTime } from "@/lib/format/dates";
import { getStatusWords } from "@/lib/i18n/status-words";
import { bookAction, cancelAction, claimOfferAction } from "../actions";
import { StandingPlaceButton } from "../standing-place-button";
import { ListPager, type ListPages, type MemberSectionProps } from "./list-pages";

type Booking = MemberSectionProps["overview"]["upcoming"][number];

const BOOKING_TONES: Record<string, BadgeTone> = {
  confirmed: "success",
  waitlisted: "warning",
  late_cancelled: "danger",
  cancelled_by_studio: "danger",
};
const HOUR_MS = 3_600_000;

/**
 * Bookings, each with its class, whom it is for (a child's, a guest's), when and where, a held place to take, and
 * Cancel while the class has not started (else its status).
 */
async function BookingList({
  list,
  empty,
  studio,
  where,
}: Omit<MemberSectionProps, "overview"> & {
  list: Booking[];
  empty: string;
}) {
  const [t, words] = await Promise.all([getTranslations("MyBookings"), getStatusWords()]);
  if (list.length === 0) return <p className="mt-2 text-slate-700">{empty}</p>;
  const book = bookAction.bind(null, studio.slug);
  const cancel = cancelAction.bind(null, studio.slug);
  return (
    <ul className="mt-2 divide-y divide-slate-100">
      {list.map((booking) => {
        const refundUntil = booking.startsAt.getTime() - studio.cancellationWindowHours * HOUR_MS;
        return (
          <li key={booking.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
            <div>
              <p className="font-semibold text-slate-900">{booking.title}</p>
              {booking.attendee !== null && <p className="text-sm font-medium text-brand-800">{booking.attendee}</p>}
              <p className="text-sm text-slate-700">
                <time dateTime={booking.startsAt.toISOString()}>
                  {formatDateTime(booking.startsAt, where)}–{formatTime(booking.endsAt, where)}
                </time>
                {booking.location && ` · ${booking.location}`}
              </p>
              {booking.status === "waitlisted" && booking.waitlistPosition !== null && (
                <p className="text-sm font-medium text-amber-900">
                  {t("waitlistPosition", { position: booking.waitlistPosition })}
                </p>
              )}
              {booking.claimable && booking.offerUntil && (
                <div className="mt-2 space-y-1">
                  <p className="text-sm font-semibold text-green-800">
                    {t("offerHeld", { time: formatTime(booking.offerUntil, where) })}
                  </p>
                  <StandingPlaceButton
                    label={t("claimOffer")}
                    pendingLabel={t("claimingOffer")}
                    run={claimOfferAction.bind(null, studio.slug, { bookingId: booking.id })}
                    variant="primary"
                  />
                </div>
              )}
            </div>
            {booking.cancellable ? (
              <BookingControls
                key={booking.id}
                mode="cancel"
                label={`${booking.title}, ${formatDateTime(booking.startsAt, where)}`}
                instanceId={booking.instanceId}
                bookingId={booking.id}
                waitlisted={booking.status === "waitlisted"}
                offered={booking.offerUntil !== null}
                refundUntil={refundUntil}
                refundUntilText={formatDateTime(new Date(refundUntil), where)}
                book={book}
                cancel={cancel}
                passesHref={`/${studio.slug}/passes`}
              />
            ) : (
              <Badge tone={BOOKING_TONES[booking.shownStatus] ?? "neutral"}>{words.booking(booking.shownStatus)}</Badge>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The member's live bookings of classes not over yet, and a link to find another. */
export async function UpcomingSection({ overview, studio, where }: MemberSectionProps) {
  const t = await getTranslations("MyBookings");
  return (
    <section aria-labelledby="upcoming" className="mt-6">
      <h2 id="upcoming" className="text-lg font-semibold">
        {t("upcoming")}
      </h2>
      <BookingList list={overview.upcoming} empty={t("noUpcoming")} studio={studio} where={where} />
      <p className="mt-2">
        <Link href={`/${studio.slug}`} className="font-medium text-brand-700 underline">
          {t("findClass")}
        </Link>
      </p>
    </section>
  );
}

/** The member's cancelled bookings of classes not over yet; nothing when there are none. */
export async function CancelledSection({ overview, studio, where }: MemberSectionProps) {
  const t = await getTranslations("MyBookings");
  if (overview.cancelled.length === 0) return null;
  return (
    <section aria-labelledby="cancelled" className="mt-8">
      <h2 id="cancelled" className="text-lg font-semibold">
        {t("cancelled")}
      </h2>
      <BookingList list={overview.cancelled} empty="" studio={studio} where={where} />
    </section>
  );
}

/** A page of the member's bookings of classes that have ended, newest first, with the links to the others. */
export async function PastSection({ overview, studio, where, pages }: MemberSectionProps & { pages: ListPages }) {
  const t = await getTranslations("MyBookings");
  return (
    <section aria-labelledby="past" className="mt-8">
      <h2 id="past" className="text-lg font-semibold">
        {t("past")}
      </h2>
      <BookingList list={overview.past.shown} empty={t("noPast")} studio={studio} where={where} />
      <ListPager pages={pages} label={t("pastPages")} />
    </section>
  );
}
