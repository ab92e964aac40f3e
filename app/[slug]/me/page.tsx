import { pageFormat } from "@/lib/i18n/page-language";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BookingControls } from "@/components/schedule/booking-controls";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { listStandingBookings } from "@/lib/bookings/list-standing-bookings";
import { isLiveBooking, shownBookingStatus } from "@/lib/bookings/shown-booking-status";
import { listCurrentPasses, listEndedPassesPage } from "@/lib/commerce/list-person-passes";
import { listPersonOrdersPage } from "@/lib/orders/list-person-orders";
import { listPastBookings } from "@/lib/bookings/list-past-bookings";
import { ListPager } from "@/components/ui/list-pager";
import { encodeCursor, InstantIdKey, readCursor } from "@/lib/schemas/page";
import { listProducts } from "@/lib/commerce/list-products";
import { studioDate } from "@/lib/studio-time/studio-date";
import {
  formatDate,
  formatDateTime,
  formatLastDay,
  formatLocalDate,
  formatTime,
  weekdayName,
} from "@/lib/format/dates";
import { runningOrComingPause } from "@/lib/commerce/entitlement-pause";
import { getStatusWords } from "@/lib/i18n/status-words";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import {
  bookAction,
  cancelAction,
  cancelMembershipAction,
  claimOfferAction,
  signOutAction,
  stopPlaceAction,
} from "../actions";
import { StandingPlaceButton } from "../standing-place-button";
import { CancelMembership } from "./cancel-membership";
import { studioMember } from "@/lib/web/studio-member";
import { getPublicStudio, orNotFound, signInHref } from "../studio";
import { getMe } from "@/lib/users/get-me";
import { CalendarLinkSection } from "./calendar-link-section";
import { RemindersSection } from "./reminders-section";
import { ChildrenSection } from "./children-section";
import { readHousehold } from "@/lib/households/household-scope";
import { listDependants } from "@/lib/households/list-dependants";
import { MyDataSection } from "./my-data-section";
import { MyReceipts } from "./my-receipts";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{
    bought?: string;
    /** Set by a course's Enrol (its order summary's return path): the purchase was an enrolment. */
    enrolled?: string;
    /** Set by "Take the place" once a held place is the member's. */
    claimed?: string;
    calendar?: string;
    reminders?: string;
    profile?: string;
    children?: string;
    /** The page of past bookings after this key (a "Show older" link). */
    pastAfter?: string;
    /** The page of receipts after this key. */
    receiptsAfter?: string;
    /** The page of ended passes after this key. */
    passesAfter?: string;
  }>;
};

/** Past bookings, ended passes and receipts listed a page. */
const PAGE_SIZE = 25;
const CURSORS = ["pastAfter", "passesAfter", "receiptsAfter"] as const;
const ANCHORS = { pastAfter: "past", passesAfter: "passes", receiptsAfter: "receipts" } as const;

/** A link to a page of one of the member's lists (`key` null: its newest), the other lists' pages kept. */
function pageHref(
  slug: string,
  cursors: Partial<Record<(typeof CURSORS)[number], string>>,
  name: (typeof CURSORS)[number],
  key: readonly [Date, string] | null,
) {
  const search = new URLSearchParams(
    Object.entries(cursors).filter((entry): entry is [string, string] => entry[0] !== name && entry[1] !== undefined),
  );
  if (key) search.set(name, encodeCursor([key[0].toISOString(), key[1]]));
  return `/${slug}/me${search.size > 0 ? `?${search}` : ""}#${ANCHORS[name]}`;
}

const BOOKING_TONES: Record<string, BadgeTone> = {
  confirmed: "success",
  waitlisted: "warning",
  late_cancelled: "danger",
  cancelled_by_studio: "danger",
};
const PASS_TONES: Record<string, BadgeTone> = { active: "success", revoked: "danger" };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("MyBookings")]);
  return { title: t("metaTitle", { studio: account.name }), robots: { index: false } };
}

/** The signed-in attendee's bookings (upcoming, then past) and passes in this studio. */
export default async function MyBookingsPage({ params, searchParams }: Props) {
  const [{ slug }, { bought, enrolled, claimed, calendar, reminders, profile, children, ...paging }, t] =
    await Promise.all([params, searchParams, getTranslations("MyBookings")]);
  const [tData, tResult] = await Promise.all([getTranslations("MyData"), getTranslations("BookingResult")]);
  const [account, viewer] = await orNotFound(Promise.all([getPublicStudio(slug), studioMember(slug)]));
  const header = (
    <StudioHeader
      studio={account}
      current="me"
      signedIn={viewer !== undefined}
      signOut={signOutAction.bind(null, account.slug)}
      signInHref={signInHref(account.slug, `/${account.slug}/me`)}
    />
  );
  if (!viewer) {
    return (
      <>
        {header}
        <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
          <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
          {profile === "deleted" ? (
            <Notice tone="success" className="mt-4">
              {tData("deleted")}
            </Notice>
          ) : null}
          <p className="mt-3 text-slate-700">{t("signInToSee")}</p>
          <ButtonLink href={signInHref(account.slug, `/${account.slug}/me`)} className="mt-4">
            {t("signIn")}
          </ButtonLink>
        </main>
      </>
    );
  }

  const cursors = Object.fromEntries(
    CURSORS.flatMap((name) => {
      const value = paging[name];
      return typeof value === "string" && readCursor(InstantIdKey, value) ? [[name, value]] : [];
    }),
  ) as Partial<Record<(typeof CURSORS)[number], string>>;
  const now = new Date().getTime();
  const household = await readHousehold(viewer.db, viewer.userId);
  // a member of years reads their history a page at a time: what is to come and the passes still usable whole,
  // the past, the ended passes and receipts in pages
  const [coming, pastPage, entitlements, endedPage, products, me, orderPage, words, standingPlaces, dependants] =
    await Promise.all([
      listPersonBookings({ db: viewer.db, userId: viewer.userId, household, endsAfter: new Date(now) }),
      listPastBookings({
        db: viewer.db,
        userId: viewer.userId,
        household,
        on: "endsAt",
        before: new Date(now),
        limit: PAGE_SIZE,
        after: readCursor(InstantIdKey, cursors.pastAfter),
      }),
      listCurrentPasses({ db: viewer.db, userId: viewer.userId, household, now: new Date(now) }),
      listEndedPassesPage({
        db: viewer.db,
        userId: viewer.userId,
        household,
        now: new Date(now),
        limit: PAGE_SIZE,
        after: readCursor(InstantIdKey, cursors.passesAfter),
      }),
      listProducts({ db: viewer.db }),
      getMe(viewer),
      listPersonOrdersPage({
        db: viewer.db,
        userId: viewer.userId,
        household,
        receipted: true,
        limit: PAGE_SIZE,
        after: readCursor(InstantIdKey, cursors.receiptsAfter),
      }),
      getStatusWords(),
      listStandingBookings({ db: viewer.db, userId: viewer.userId }),
      listDependants({ db: viewer.db, guardianId: viewer.userId }),
    ]);
  const dependantNames = new Map(dependants.map((dependant) => [dependant.id, dependant.displayName]));
  const where = await pageFormat(account);
  const activePlaces = standingPlaces.filter((place) => place.status === "active");
  const upcoming = coming.filter(isLiveBooking);
  const cancelled = coming.filter((booking) => !isLiveBooking(booking));
  const past = pastPage.items;
  const endedPasses = endedPage.items;
  const pages = (name: (typeof CURSORS)[number], next: readonly [Date, string] | null) => ({
    newest: cursors[name] ? pageHref(account.slug, cursors, name, null) : null,
    older: next ? pageHref(account.slug, cursors, name, next) : null,
  });
  const productNames = new Map(products.map((product) => [product.id, product.name]));
  const today = studioDate(new Date(now), account.timezone);
  const subscriptions = new Set(products.filter((product) => product.type === "subscription").map((p) => p.id));

  /** Passes, each with whose it is (a dependant's), classes left, end, a pause, and a running membership's cancel. */
  const passList = (list: typeof entitlements) => (
    <ul className="mt-2 divide-y divide-slate-100">
      {list.map((entitlement) => {
        const pause = runningOrComingPause(entitlement, today);
        const status = serializeEntitlement(entitlement, new Date(now)).status;
        return (
          <li key={entitlement.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
            <div>
              <p className="font-semibold text-slate-900">
                {productNames.get(entitlement.productId) ?? t("pass")}
                {entitlement.userId !== viewer.userId && dependantNames.has(entitlement.userId)
                  ? ` · ${dependantNames.get(entitlement.userId)}`
                  : null}
              </p>
              <p className="text-sm text-slate-700">
                {entitlement.remainingClasses === null
                  ? t("unlimited")
                  : t("classesLeft", { count: entitlement.remainingClasses })}
                {" · "}
                {entitlement.cancelAt
                  ? t("cancelledEnds", { date: formatDate(entitlement.cancelAt, where) })
                  : entitlement.validUntil
                    ? t("validUntil", { date: formatLastDay(entitlement.validUntil, where) })
                    : t("noExpiry")}
                {pause ? (
                  <span className="block">{words.pause(pause, (date) => formatLocalDate(date, where))}</span>
                ) : null}
                {entitlement.pastDueSince && entitlement.validUntil && status === "active" ? (
                  <span className="block font-medium text-amber-900">
                    {t("pastDue", { date: formatLastDay(entitlement.validUntil, where) })}
                  </span>
                ) : null}
              </p>
            </div>
            <Badge tone={PASS_TONES[status] ?? "neutral"}>{words.pass(status)}</Badge>
            {subscriptions.has(entitlement.productId) &&
            entitlement.status === "active" &&
            !entitlement.cancelAt &&
            (!entitlement.validUntil || entitlement.validUntil.getTime() > now) ? (
              <CancelMembership
                product={productNames.get(entitlement.productId) ?? t("pass")}
                usableUntil={entitlement.validUntil ? formatDate(entitlement.validUntil, where) : null}
                cancel={cancelMembershipAction.bind(null, account.slug, { entitlementId: entitlement.id })}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );

  const book = bookAction.bind(null, account.slug);
  const cancel = cancelAction.bind(null, account.slug);
  const HOUR_MS = 3_600_000;

  const bookingList = (list: typeof coming, empty: string) =>
    list.length === 0 ? (
      <p className="mt-2 text-slate-700">{empty}</p>
    ) : (
      <ul className="mt-2 divide-y divide-slate-100">
        {list.map((booking) => {
          return (
            <li key={booking.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">{booking.instance.event.title}</p>
                {booking.attendeeId !== viewer.userId && (
                  <p className="text-sm font-medium text-brand-800">{booking.attendee.displayName}</p>
                )}
                <p className="text-sm text-slate-700">
                  <time dateTime={booking.instance.startsAt.toISOString()}>
                    {formatDateTime(booking.instance.startsAt, where)}–{formatTime(booking.instance.endsAt, where)}
                  </time>
                  {booking.instance.event.location && ` · ${booking.instance.event.location}`}
                </p>
                {booking.status === "waitlisted" &&
                  booking.offerExpiresAt &&
                  booking.offerExpiresAt.getTime() > now && (
                    <div className="mt-2 space-y-1">
                      <p className="text-sm font-semibold text-green-800">
                        {t("offerHeld", { time: formatTime(booking.offerExpiresAt, where) })}
                      </p>
                      <StandingPlaceButton
                        label={t("claimOffer")}
                        pendingLabel={t("claimingOffer")}
                        run={claimOfferAction.bind(null, account.slug, { bookingId: booking.id })}
                        variant="primary"
                      />
                    </div>
                  )}
              </div>
              {(booking.status === "confirmed" || booking.status === "waitlisted") &&
              booking.instance.startsAt.getTime() > now ? (
                <BookingControls
                  key={booking.id}
                  mode="cancel"
                  label={`${booking.instance.event.title}, ${formatDateTime(booking.instance.startsAt, where)}`}
                  instanceId={booking.instanceId}
                  bookingId={booking.id}
                  waitlisted={booking.status === "waitlisted"}
                  offered={booking.offerExpiresAt !== null && booking.offerExpiresAt.getTime() > now}
                  refundUntil={booking.instance.startsAt.getTime() - account.cancellationWindowHours * HOUR_MS}
                  refundUntilText={formatDateTime(
                    new Date(booking.instance.startsAt.getTime() - account.cancellationWindowHours * HOUR_MS),
                    where,
                  )}
                  book={book}
                  cancel={cancel}
                  passesHref={`/${account.slug}/passes`}
                />
              ) : (
                <Badge tone={BOOKING_TONES[shownBookingStatus(booking)] ?? "neutral"}>
                  {words.booking(shownBookingStatus(booking))}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      {header}
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        {claimed && (
          <Notice tone="success" className="mt-4">
            {tResult("claimed")}
          </Notice>
        )}
        {bought && (
          <Notice tone="success" className="mt-4">
            {enrolled ? t("enrolled") : t("bought")}
          </Notice>
        )}
        <section aria-labelledby="upcoming" className="mt-6">
          <h2 id="upcoming" className="text-lg font-semibold">
            {t("upcoming")}
          </h2>
          {bookingList(upcoming, t("noUpcoming"))}
          <p className="mt-2">
            <Link href={`/${account.slug}`} className="font-medium text-brand-700 underline">
              {t("findClass")}
            </Link>
          </p>
        </section>
        {cancelled.length > 0 ? (
          <section aria-labelledby="cancelled" className="mt-8">
            <h2 id="cancelled" className="text-lg font-semibold">
              {t("cancelled")}
            </h2>
            {bookingList(cancelled, "")}
          </section>
        ) : null}
        <section aria-labelledby="passes" className="mt-8">
          <h2 id="passes" className="text-lg font-semibold">
            {t("myPasses")}
          </h2>
          {entitlements.length === 0 ? (
            <p className="mt-2 text-slate-700">
              {endedPasses.length > 0 || cursors.passesAfter ? t("noCurrentPasses") : t("noPasses")}{" "}
              <Link href={`/${account.slug}/passes`} className="font-medium text-brand-700 underline">
                {t("seePasses")}
              </Link>
            </p>
          ) : (
            passList(entitlements)
          )}
          {endedPasses.length > 0 || cursors.passesAfter ? (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">{t("endedPasses")}</h3>
              {passList(endedPasses)}
              <ListPager pages={pages("passesAfter", endedPage.next)} label={t("endedPassesPages")} />
            </>
          ) : null}
        </section>
        {activePlaces.length > 0 ? (
          <section aria-labelledby="standing-places" className="mt-8">
            <h2 id="standing-places" className="text-lg font-semibold">
              {t("standingPlaces")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("standingPlacesHint")}</p>
            <ul className="mt-2 divide-y divide-slate-100">
              {activePlaces.map((place) => (
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
                    run={stopPlaceAction.bind(null, account.slug, { standingBookingId: place.id })}
                    variant="danger"
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <ChildrenSection slug={account.slug} dependants={dependants} changed={children} where={where} />
        <RemindersSection
          slug={account.slug}
          on={me.emailReminders}
          reminderHours={me.account.reminderHours}
          changed={reminders}
        />
        <CalendarLinkSection slug={account.slug} viewer={viewer} shown={calendar} />
        <section aria-labelledby="past" className="mt-8">
          <h2 id="past" className="text-lg font-semibold">
            {t("past")}
          </h2>
          {bookingList(past, t("noPast"))}
          <ListPager pages={pages("pastAfter", pastPage.next)} label={t("pastPages")} />
        </section>
        <MyReceipts
          orders={orderPage.items}
          pages={pages("receiptsAfter", orderPage.next)}
          productNames={productNames}
          where={where}
        />
        <MyDataSection slug={account.slug} />
      </main>
    </>
  );
}
