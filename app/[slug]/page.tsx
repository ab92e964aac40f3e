import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BookingControls, type BookingControlsProps } from "@/components/schedule/booking-controls";
import { StudioHeader } from "@/components/schedule/studio-header";
import { StudioProfile } from "@/components/schedule/studio-profile";
import { Badge } from "@/components/ui/badge";
import { bookingWindow, bookingWindowState } from "@/lib/bookings/booking-window";
import { listBookingDecisions, type BookingDecision } from "@/lib/bookings/get-booking-options";
import { listMyBookings } from "@/lib/bookings/list-my-bookings";
import { formatDateRange, formatDateTime, formatDayHeading, formatMinutes, formatTimeRange } from "@/lib/format/dates";
import { addWeeks, groupByDay, resolveWeek, weekDays, weekWindowAnyZone } from "@/lib/format/week";
import { listPublicProgramme } from "@/lib/programme/list-public-programme";
import { bookAction, cancelAction, signOutAction } from "./actions";
import { getViewer } from "@/lib/web/viewer";
import { getPublicStudio, orNotFound, signInHref, viewerOf } from "./studio";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ week?: string; location?: string }> };

const LIVE = new Set(["confirmed", "waitlisted"]);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("Schedule")]);
  return {
    title: t("metaTitle", { studio: account.name }),
    alternates: { types: { "text/calendar": `/api/public/accounts/${account.slug}/calendar.ics` } },
  };
}

/**
 * The public schedule: the week's classes grouped by day in the studio's zone. The studio, its
 * programme for a window that holds the week in any zone, and the viewer's bookings load in one
 * round; the page is plain HTML and links (week, location) and needs JavaScript only to book.
 */
export default async function SchedulePage({ params, searchParams }: Props) {
  const [{ slug }, query, t] = await Promise.all([params, searchParams, getTranslations("Schedule")]);
  const window = weekWindowAnyZone(query.week);
  const [account, programme, mine] = await orNotFound(
    Promise.all([
      getPublicStudio(slug),
      listPublicProgramme({ slug, ...window }),
      getViewer().then(async (viewer) =>
        viewer
          ? { viewer, bookings: await listMyBookings({ db: viewer.db, userId: viewer.userId, ...window }) }
          : undefined,
      ),
    ]),
  );
  const viewer = viewerOf(mine?.viewer, account);
  const where = { zone: account.timezone, locale: account.locale };
  const now = new Date();
  // What booking would do for the signed-in viewer, class by class, decided as POST /bookings decides.
  const decisions: Map<string, BookingDecision> = viewer
    ? await listBookingDecisions({
        db: viewer.db,
        accountId: viewer.accountId,
        userId: viewer.userId,
        instanceIds: programme.instances.map((instance) => instance.id),
        now,
      })
    : new Map();

  const monday = resolveWeek(query.week, account.timezone, now);
  const days = weekDays(monday, account.timezone);
  const events = new Map(programme.events.map((event) => [event.id, event]));
  const locations = [
    ...new Map(
      programme.events.flatMap((event) =>
        event.locationId ? [[event.locationId, event.location || t("location")] as const] : [],
      ),
    ),
  ].sort((a, b) => a[1].localeCompare(b[1], account.locale));
  const location = locations.some(([id]) => id === query.location) ? query.location : undefined;
  const instances = programme.instances.filter(
    (instance) => !location || events.get(instance.eventId)?.locationId === location,
  );
  const liveBookings = new Map(
    (viewer ? mine!.bookings : [])
      .filter((booking) => LIVE.has(booking.status))
      .map((booking) => [booking.instanceId, booking]),
  );

  const href = (week: string, loc = location) => {
    const search = new URLSearchParams({ week, ...(loc ? { location: loc } : {}) });
    return `/${account.slug}?${search}`;
  };
  const book = bookAction.bind(null, account.slug);
  const cancel = cancelAction.bind(null, account.slug);
  const feed = `/api/public/accounts/${account.slug}/calendar.ics`;
  const thisWeek = resolveWeek(undefined, account.timezone, now);

  return (
    <>
      <StudioHeader
        studio={account}
        current="schedule"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug)}
      />
      <StudioProfile studio={account} />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
          <a href={feed} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            {t("subscribe")}
          </a>
        </div>

        <nav aria-label={t("weeks")} className="mt-4 flex items-center justify-between gap-2">
          <Link
            href={href(addWeeks(monday, -1))}
            className="rounded-md px-2 py-2 font-medium text-brand-700 hover:bg-brand-50"
            rel="prev"
          >
            <span aria-hidden="true">← </span>
            {t("previous")}
            <span className="sr-only">{t("weekHidden")}</span>
          </Link>
          <p className="text-center font-medium" aria-live="polite">
            <span className="sr-only">{t("weekOf")}</span>
            {formatDateRange(days[0]!.date, days[6]!.date, where)}
            {monday !== thisWeek && (
              <>
                {" "}
                <Link href={href(thisWeek)} className="block text-sm font-normal text-brand-700 underline">
                  {t("thisWeek")}
                </Link>
              </>
            )}
          </p>
          <Link
            href={href(addWeeks(monday, 1))}
            className="rounded-md px-2 py-2 font-medium text-brand-700 hover:bg-brand-50"
            rel="next"
          >
            {t("next")}
            <span className="sr-only">{t("weekHidden")}</span>
            <span aria-hidden="true"> →</span>
          </Link>
        </nav>

        {locations.length > 1 && (
          <nav aria-label={t("locations")} className="mt-3">
            <ul className="flex flex-wrap gap-2">
              {[[undefined, t("allLocations")] as const, ...locations].map(([id, name]) => (
                <li key={id ?? "all"}>
                  <Link
                    href={href(monday, id)}
                    aria-current={id === location ? "page" : undefined}
                    className={`inline-block rounded-full border px-3 py-1.5 text-sm ${
                      id === location
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-slate-300 text-slate-800 hover:bg-brand-50"
                    }`}
                  >
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        {groupByDay(instances, (instance) => instance.startsAt, days).map(({ day, items }) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`} className="mt-6">
            <h2
              id={`day-${day.date}`}
              className="border-b border-slate-200 pb-1 text-base font-semibold text-slate-900 first-letter:uppercase"
            >
              {formatDayHeading(day.date, where)}
            </h2>
            {items.length === 0 ? (
              <p className="py-3 text-sm text-slate-600">{t("noClasses")}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((instance) => {
                  const event = events.get(instance.eventId);
                  if (!event) return null;
                  const teachers = event.teacherIds.flatMap((id) => programme.teachers.get(id) ?? []);
                  const spotsLeft = Math.max(instance.capacity - instance.bookedCount, 0);
                  const minutes = Math.round((instance.endsAt.getTime() - instance.startsAt.getTime()) / 60_000);
                  const time = formatTimeRange(instance.startsAt, instance.endsAt, where);
                  const booking = liveBookings.get(instance.id);
                  const { opensAt, refundUntil } = bookingWindow(instance.startsAt, account);
                  const windowState = bookingWindowState(now, instance.startsAt, account);
                  const label = `${event.title}, ${formatDayHeading(day.date, where)} ${time}`;
                  const controls = {
                    label,
                    instanceId: instance.id,
                    refundUntil: refundUntil.getTime(),
                    refundUntilText: formatDateTime(refundUntil, where),
                    book,
                    cancel,
                    passesHref: `/${account.slug}/passes`,
                  };
                  let action: ReactNode;
                  if (booking && windowState !== "started") {
                    action = (
                      <BookingControls
                        {...controls}
                        mode="cancel"
                        bookingId={booking.id}
                        waitlisted={booking.status === "waitlisted"}
                      />
                    );
                  } else if (windowState === "started") {
                    const ended = instance.endsAt.getTime() <= now.getTime();
                    action = (
                      <span className="text-sm text-slate-600">
                        {ended ? t("ended") : t("started")}
                        {booking?.status === "confirmed" && t("youWereBooked")}
                      </span>
                    );
                  } else if (windowState === "not_open_yet") {
                    action = (
                      <span className="text-sm text-slate-600">
                        {t("opens", { when: formatDateTime(opensAt, where) })}
                      </span>
                    );
                  } else if (windowState === "closed") {
                    action = <span className="text-sm text-slate-600">{t("closed")}</span>;
                  } else if (spotsLeft === 0 && !account.waitlistEnabled) {
                    action = null;
                  } else if (!viewer) {
                    action = (
                      <Link
                        href={signInHref(account.slug)}
                        className="inline-flex min-h-9 items-center rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                      >
                        {spotsLeft === 0 ? t("signInToJoinWaitlist") : t("signInToBook")}
                        <span className="sr-only">: {label}</span>
                      </Link>
                    );
                  } else {
                    action = <ViewerAction decision={decisions.get(instance.id)} controls={controls} t={t} />;
                  }
                  return (
                    <li
                      key={instance.id}
                      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="text-sm font-medium tabular-nums text-slate-700">
                          <time dateTime={instance.startsAt.toISOString()}>{time}</time>
                          <span className="text-slate-600"> · {formatMinutes(minutes, account.locale)}</span>
                          {instance.status === "moved" && (
                            <>
                              {" "}
                              <Badge tone="warning">{t("moved")}</Badge>
                            </>
                          )}
                        </p>
                        <h3 className="text-lg font-semibold leading-snug text-slate-900">{event.title}</h3>
                        <p className="text-sm text-slate-700">
                          {[teachers.join(", "), event.location].filter(Boolean).join(" · ")}
                        </p>
                        {windowState !== "started" && (
                          <p
                            className={`mt-0.5 text-sm ${spotsLeft === 0 ? "font-medium text-amber-800" : "text-slate-700"}`}
                          >
                            {spotsLeft === 0
                              ? account.waitlistEnabled && !booking
                                ? t("fullJoinWaitlist")
                                : t("full")
                              : t("placesLeft", { count: spotsLeft })}
                          </p>
                        )}
                      </div>
                      <div className="shrink-0">{action}</div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        ))}
        <p className="mt-8 text-sm text-slate-600">
          {t("timeZone", { zone: account.timezone })}{" "}
          <a href={feed} className="text-brand-700 underline">
            {t("addToCalendar")}
          </a>
          .
        </p>
      </main>
    </>
  );
}

type ScheduleTranslator = Awaited<ReturnType<typeof getTranslations<"Schedule">>>;

/**
 * The signed-in viewer's button for a class they have not booked, said before the tap: book (with
 * the credit it uses), join the waitlist, or why not (no pass that covers it, with a link to buy one).
 */
function ViewerAction({
  decision,
  controls,
  t,
}: {
  decision: BookingDecision | undefined;
  controls: Omit<BookingControlsProps, "mode">;
  t: ScheduleTranslator;
}) {
  if (!decision || decision.reason === "not_bookable") return <span className="text-sm text-slate-600">{t("notBookable")}</span>;
  if (decision.reason === "waitlist_disabled") return null;
  if (decision.action === "waitlist") return <BookingControls {...controls} mode="waitlist" />;
  if (decision.reason === "no_entitlement")
    return (
      <p className="text-sm text-slate-700 sm:max-w-56 sm:text-right">
        {t("noPass")}{" "}
        <Link href={controls.passesHref} className="font-medium text-brand-700 underline">
          {t("buyPass")}
        </Link>
      </p>
    );
  if (!decision.canBook) return null;
  const credit = decision.credit;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <BookingControls {...controls} mode="book" />
      {credit && (
        <p className="text-xs text-slate-600 sm:text-right">
          {credit.remainingClasses === null
            ? t("usesUnlimited", { product: credit.productName })
            : t("usesCredit", { remaining: credit.remainingClasses, product: credit.productName })}
        </p>
      )}
    </div>
  );
}
