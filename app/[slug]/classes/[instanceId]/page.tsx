import { pageFormat } from "@/lib/i18n/page-language";
import type { Metadata } from "next";
import { zoneName } from "@/lib/format/timezones";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { ClassAction, offersWaitlist } from "@/components/schedule/class-action";
import { ClassFacts } from "@/components/schedule/class-facts";
import { HouseholdBooking } from "@/components/schedule/household-booking";
import { listClassHousehold } from "@/lib/households/list-class-household";
import { listDependants } from "@/lib/households/list-dependants";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import { buttonClass } from "@/components/ui/button";
import { getBookingOptions } from "@/lib/bookings/get-booking-options";
import { listStandingBookings } from "@/lib/bookings/list-standing-bookings";
import { getPublicCourseOfClass } from "@/lib/commerce/get-public-course";
import { formatDay, formatDayHeading, formatTimeRange } from "@/lib/format/dates";
import { weekStart } from "@/lib/studio-time/week";
import { studioDate } from "@/lib/studio-time/studio-date";
import { getPublicInstanceOrThrow } from "@/lib/programme/get-public-instance";
import { studioMember } from "@/lib/web/studio-member";
import { bookAction, cancelAction, keepPlaceAction, signOutAction, stopPlaceAction } from "../../actions";
import { StandingPlaceButton } from "../../standing-place-button";
import { orNotFound, signInHref } from "../../studio";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string; instanceId: string }>;
  searchParams: Promise<{ bought?: string | string[]; checkout?: string | string[] }>;
};

/** The class of a page, once per request (metadata and page share it); 404 page when the public may not see it. */
const getClass = cache((slug: string, instanceId: string) =>
  orNotFound(getPublicInstanceOrThrow({ slug, instanceId })),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, instanceId } = await params;
  const [found, t] = await Promise.all([getClass(slug, instanceId), getTranslations("PublicClass")]);
  const { account, instance, event } = found;
  const where = await pageFormat(account);
  const when = `${formatDayHeading(studioDate(instance.startsAt, account.timezone), where)} ${formatTimeRange(instance.startsAt, instance.endsAt, where)}`;
  return {
    title: t("metaTitle", { title: event.title, when, studio: account.name }),
    description: event.description.slice(0, 200) || undefined,
    alternates: { types: { "text/calendar": calendarHref(account.slug, instance.id) } },
  };
}

function calendarHref(slug: string, instanceId: string): string {
  return `/api/public/accounts/${slug}/instances/${instanceId}/calendar.ics`;
}

/**
 * One class of the public schedule: when (in the studio's zone), who teaches, where (with the
 * address), places left, what booking would do for the viewer (the schedule's own explanation, with
 * the passes that would cover it) and its calendar file.
 */
export default async function ClassPage({ params, searchParams }: Props) {
  const [route, query, t, tSchedule, tHousehold] = await Promise.all([
    params,
    searchParams,
    getTranslations("PublicClass"),
    getTranslations("Schedule"),
    getTranslations("Household"),
  ]);
  const { slug, instanceId } = route;
  const [found, viewer] = await Promise.all([getClass(slug, instanceId), studioMember(slug)]);
  const { account, instance, event } = found;
  const now = new Date();
  const [options, course] = await Promise.all([
    viewer
      ? orNotFound(
          getBookingOptions({ db: viewer.db, accountId: viewer.accountId, userId: viewer.userId, instanceId, now }),
        )
      : undefined,
    getPublicCourseOfClass(found),
  ]);
  const courseHref = course ? `/${account.slug}/courses/${course.productId}` : null;
  // A class of a course is booked by enrolling, unless its event takes single bookings (a trial class).
  const enrolOnly = course !== null && !event.dropInsAllowed && !options?.booking;
  // a standing place is offered in a class of a series, to a signed-in member, where the studio allows it
  const standingOffered = viewer !== undefined && account.standingBookings && instance.seriesId !== null;
  const standing = standingOffered
    ? (await listStandingBookings({ db: viewer.db, userId: viewer.userId })).find(
        (place) => place.seriesId === instance.seriesId && place.status === "active",
      )
    : undefined;
  const [dependants, household] = viewer
    ? await Promise.all([
        listDependants({ db: viewer.db, guardianId: viewer.userId }),
        listClassHousehold({ db: viewer.db, userId: viewer.userId, instanceId }),
      ])
    : [[], []];
  const where = await pageFormat(account);
  const day = studioDate(instance.startsAt, account.timezone);
  const heading = formatDayHeading(day, where);
  const time = formatTimeRange(instance.startsAt, instance.endsAt, where);

  return (
    <>
      <StudioHeader
        studio={account}
        current="schedule"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug, `/${account.slug}/classes/${instance.id}`)}
        wide
      />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-4 lg:max-w-5xl">
        <Link
          href={`/${account.slug}?week=${weekStart(day)}#day-${day}`}
          className="-mx-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <span aria-hidden="true">‹</span>
          {t("backToSchedule")}
        </Link>
        <div className="mt-2 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-x-12">
          <div className="lg:col-start-1">
            <h1 className="text-3xl font-semibold leading-tight text-brand-900">{event.title}</h1>
            <p className="mt-2 text-lg text-slate-800">
              <span>{heading}</span>{" "}
              <time dateTime={instance.startsAt.toISOString()} className="font-medium tabular-nums">
                {time}
              </time>
              {instance.status === "moved" && (
                <>
                  {" "}
                  <Badge tone="warning">{tSchedule("moved")}</Badge>
                </>
              )}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {tSchedule("timeZone", { zone: zoneName(account.timezone, where.locale) })}
            </p>
            <ClassFacts
              found={found}
              waitlistOffered={offersWaitlist({
                waitlistEnabled: account.waitlistEnabled,
                signedIn: viewer !== undefined,
                booking: options?.booking,
                decision: options,
              })}
              now={now}
            />
          </div>
          <aside
            aria-labelledby="booking-heading"
            className="mt-6 self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-1"
          >
            <h2 id="booking-heading" className="text-base font-semibold text-slate-900">
              {t("booking")}
            </h2>
            {viewer && !options?.booking && query.bought === "1" && (
              <Notice tone="success" className="mt-3 text-sm">
                {t("paidNowBook")}
              </Notice>
            )}
            {viewer && !options?.booking && query.checkout === "success" && query.bought !== "1" && (
              <Notice tone="info" className="mt-3 text-sm">
                {t("paymentReceived")}
              </Notice>
            )}
            {course && courseHref && (
              <div className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-slate-800">
                <p className="font-semibold text-brand-900">{tSchedule("partOfCourse")}</p>
                <p className="mt-1">
                  {event.dropInsAllowed
                    ? t("courseTrial", { name: course.name })
                    : t("courseOnly", { name: course.name })}
                </p>
                {!enrolOnly && (
                  <Link
                    href={courseHref}
                    className="mt-2 inline-flex min-h-9 items-center font-medium text-brand-700 underline"
                  >
                    {tSchedule("seeCourse")}
                  </Link>
                )}
              </div>
            )}
            {options?.reason === "blocked" && (
              <Notice tone="info" className="mt-3 text-sm">
                {options.message}
              </Notice>
            )}
            <div className="mt-3">
              {enrolOnly && courseHref ? (
                <Link href={courseHref} className={buttonClass("primary", "md")}>
                  {tSchedule("seeCourse")}
                </Link>
              ) : (
                <ClassAction
                  instance={instance}
                  account={account}
                  label={`${event.title}, ${formatDay(day, where)} ${time}`}
                  signedIn={viewer !== undefined}
                  booking={options?.booking ?? undefined}
                  decision={options}
                  products={options?.products.map(({ id, name }) => ({ id, name }))}
                  signInHref={signInHref(account.slug, `/${account.slug}/classes/${instance.id}`)}
                  actions={{ book: bookAction.bind(null, account.slug), cancel: cancelAction.bind(null, account.slug) }}
                  align="start"
                  {...(dependants.length > 0 ? { bookLabel: tHousehold("bookForMe") } : {})}
                  now={now}
                />
              )}
              {!enrolOnly &&
                viewer &&
                (dependants.length > 0 || account.guestsPerBooking > 0 || household.length > 0) && (
                  <HouseholdBooking
                    instanceId={instance.id}
                    label={`${event.title}, ${formatDay(day, where)} ${time}`}
                    dependants={dependants.map(({ id, displayName }) => ({ id, displayName }))}
                    guestsAllowed={account.guestsPerBooking > 0}
                    waitlist={account.waitlistEnabled && instance.bookedCount >= instance.capacity}
                    bookings={household}
                    book={bookAction.bind(null, account.slug)}
                    cancel={cancelAction.bind(null, account.slug)}
                  />
                )}
            </div>
            {standingOffered && (
              <div className="mt-4 space-y-2 border-t border-slate-100 pt-3 text-sm">
                {/* one button in either case (StandingPlaceButton: its result replaces the other's note) */}
                {standing ? (
                  <StandingPlaceButton
                    note={t("hasStandingPlace")}
                    label={t("stopPlace")}
                    pendingLabel={t("stoppingPlace")}
                    run={stopPlaceAction.bind(null, account.slug, { standingBookingId: standing.id })}
                    variant="ghost"
                  />
                ) : (
                  <StandingPlaceButton
                    note={t("keepPlaceHint")}
                    label={t("keepPlace")}
                    pendingLabel={t("keepingPlace")}
                    run={keepPlaceAction.bind(null, account.slug, { seriesId: instance.seriesId! })}
                  />
                )}
              </div>
            )}
            <p className="mt-4 border-t border-slate-100 pt-3">
              <a
                href={calendarHref(account.slug, instance.id)}
                className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                <CalendarIcon />
                {t("addToCalendar")}
              </a>
            </p>
          </aside>
          {event.description && (
            <section aria-labelledby="about-heading" className="mt-8 lg:col-start-1">
              <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
                {t("about")}
              </h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{event.description}</p>
            </section>
          )}
        </div>
      </main>
    </>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
    </svg>
  );
}
