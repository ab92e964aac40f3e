import { pageFormat } from "@/lib/i18n/page-language";
import type { Metadata } from "next";
import { zoneName } from "@/lib/format/timezones";
import { getTranslations } from "next-intl/server";
import { ClassRow } from "@/components/schedule/class-row";
import { DayChips } from "@/components/schedule/day-chips";
import { LocationFilter } from "@/components/schedule/location-filter";
import { ScheduleDay } from "@/components/schedule/schedule-day";
import { StudioHeader } from "@/components/schedule/studio-header";
import { WeekNav } from "@/components/schedule/week-nav";
import { StudioProfile } from "@/components/schedule/studio-profile";
import { listBookingDecisions, type BookingDecision } from "@/lib/bookings/get-booking-options";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { formatDay, formatDayHeading } from "@/lib/format/dates";
import { addWeeks, groupByDay, resolveWeek, weekDays, weekWindowAnyZone } from "@/lib/studio-time/week";
import { studioDate } from "@/lib/studio-time/studio-date";
import { listPublicCourseOfEvents } from "@/lib/commerce/get-public-course";
import { listPublicProgramme } from "@/lib/programme/list-public-programme";
import { bookAction, cancelAction, signOutAction } from "./actions";
import { studioMember } from "@/lib/web/studio-member";
import { getPublicStudio, orNotFound, signInHref } from "./studio";

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
      studioMember(slug).then(async (viewer) =>
        viewer
          ? { viewer, bookings: await listPersonBookings({ db: viewer.db, userId: viewer.userId, ...window }) }
          : undefined,
      ),
    ]),
  );
  const viewer = mine?.viewer;
  const [where, courses] = await Promise.all([pageFormat(account), listPublicCourseOfEvents(account.id)]);
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
  const actions = { book: bookAction.bind(null, account.slug), cancel: cancelAction.bind(null, account.slug) };
  const feed = `/api/public/accounts/${account.slug}/calendar.ics`;
  const thisWeek = resolveWeek(undefined, account.timezone, now);
  const byDay = groupByDay(instances, (instance) => instance.startsAt, days);

  const courseOf = (event: (typeof programme.events)[number]) => {
    const course = courses.get(event.id);
    return course && { href: `/${account.slug}/courses/${course.productId}`, dropIns: event.dropInsAllowed };
  };
  const row = (instance: (typeof instances)[number], dayHeading: string) => {
    const event = events.get(instance.eventId);
    if (!event) return null;
    return (
      <ClassRow
        key={instance.id}
        instance={instance}
        event={event}
        teachers={instance.teacherIds.flatMap((id) => programme.teachers.get(id) ?? [])}
        dayHeading={dayHeading}
        course={courseOf(event)}
        account={account}
        signedIn={viewer !== undefined}
        booking={liveBookings.get(instance.id)}
        decision={decisions.get(instance.id)}
        signInHref={signInHref(account.slug, `/${account.slug}/classes/${instance.id}`)}
        actions={actions}
        now={now}
      />
    );
  };

  return (
    <>
      <StudioHeader
        studio={account}
        current="schedule"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug)}
        wide
      />
      <StudioProfile studio={account} wide />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6 lg:max-w-5xl">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
          <a href={feed} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            {t("subscribe")}
          </a>
        </div>

        <WeekNav
          days={days}
          where={where}
          previousHref={href(addWeeks(monday, -1))}
          nextHref={href(addWeeks(monday, 1))}
          thisWeekHref={monday !== thisWeek ? href(thisWeek) : undefined}
        />
        <DayChips
          days={days}
          where={where}
          today={studioDate(now, account.timezone)}
          busy={new Set(byDay.filter(({ items }) => items.length > 0).map(({ day }) => day.date))}
        />

        {locations.length > 1 && (
          <LocationFilter
            options={[[undefined, t("allLocations")] as const, ...locations].map(([id, name]) => ({
              id,
              name,
              href: href(monday, id),
            }))}
            current={location}
          />
        )}

        {byDay.map(({ day, items }) => {
          const heading = formatDayHeading(day.date, where);
          const inText = formatDay(day.date, where);
          const ended = items.filter((instance) => instance.endsAt.getTime() <= now.getTime());
          return (
            <ScheduleDay
              key={day.date}
              date={day.date}
              heading={heading}
              ended={ended.map((instance) => row(instance, inText))}
              upcoming={items.filter((instance) => !ended.includes(instance)).map((instance) => row(instance, inText))}
            />
          );
        })}
        <p className="mt-8 text-sm text-slate-600">
          {t("timeZone", { zone: zoneName(account.timezone, where.locale) })}{" "}
          <a href={feed} className="text-brand-700 underline">
            {t("addToCalendar")}
          </a>
          .
        </p>
      </main>
    </>
  );
}
