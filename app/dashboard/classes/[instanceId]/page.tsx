import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FillBar } from "@/components/dashboard/fill-bar";
import { formatDateTime, formatTime } from "@/components/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { getStatusWords } from "@/lib/i18n/status-words";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { PageHeader, Section } from "@/components/forms/page-header";
import { SectionNotices } from "@/components/dashboard/section-notice";
import { requireClassManager } from "@/lib/web/require-administrator";
import { listClassPlaces } from "@/lib/bookings/list-class-places";
import { HeldPlace } from "@/components/dashboard/held-place";
import { AttendanceButtons } from "./attendance-buttons";
import { pageIdOrNotFound } from "@/lib/web/page-params";
import { attendanceOpensAt } from "@/lib/bookings/record-attendance";
import { isLateCancellation } from "@/lib/bookings/booking-window";
import { CancelBookingForm } from "./cancel-booking-form";
import { PromoteForm } from "./promote-form";
import { NewWalkInForm, WalkInActions, type DropInOption } from "./walk-in-actions";
import { listUsers } from "@/lib/users/list-users";
import { listProducts } from "@/lib/commerce/list-products";
import { formatMoney } from "@/components/dashboard/format";
import { buttonClass } from "@/components/ui/button";
import { contactLabel } from "@/lib/users/contact-label";
import { nameWithGuardian } from "@/lib/households/child-of";
import { pageLanguage } from "@/lib/i18n/page-language";
import { shownInstanceStatus } from "@/lib/programme/shown-instance-status";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ClassPage");
  return { title: t("title") };
}

type Props = { params: Promise<{ instanceId: string }>; searchParams: Promise<{ q?: string | string[] }> };

export default async function ClassPage({ params, searchParams }: Props) {
  const instanceId = pageIdOrNotFound((await params).instanceId);
  const [manager, t, tRoster, words] = await Promise.all([
    requireClassManager(instanceId),
    getTranslations("ClassPage"),
    getTranslations("RosterPage"),
    getStatusWords(),
  ]);
  const { viewer, instance } = manager;
  const rawQuery = (await searchParams).q;
  const query = (Array.isArray(rawQuery) ? rawQuery[0] : rawQuery)?.trim().slice(0, 100) ?? "";
  const studio = await getActiveStudio(viewer);
  const isTeacher = viewer.persona === "teacher";
  const {
    confirmed: roster,
    held,
    waiting: waitlist,
  } = await listClassPlaces({ db: viewer.db, actor: viewer, instanceId });
  const full = instance.bookedCount >= instance.capacity;
  const opensAt = attendanceOpensAt(instance.startsAt);
  const now = new Date();
  const checkInOpen = now >= opensAt;
  const late = isLateCancellation(now, instance.startsAt, instance.account);
  const live = instance.status !== "cancelled" && now < instance.endsAt;
  const passOf = (booking: (typeof roster)[number]) =>
    booking.entitlement
      ? booking.entitlement.remainingClasses === null
        ? tRoster("passUnlimited", { product: booking.entitlement.product.name })
        : tRoster("passWithCredits", {
            product: booking.entitlement.product.name,
            count: booking.entitlement.remainingClasses,
          })
      : tRoster("noPass");
  const attended = roster.filter((booking) => booking.attendance === "attended").length;
  const noShows = roster.filter((booking) => booking.attendance === "no_show").length;
  const [language, tHousehold, tContact] = await Promise.all([
    pageLanguage(),
    getTranslations("Household"),
    getTranslations("Contact"),
  ]);
  const name = (user: { displayName: string; email: string | null; guardian?: { displayName: string } | null }) =>
    nameWithGuardian(user, language, (values) => tHousehold("childOf", values));
  // The roster's rows carry the stored address, the search's rows the answered one (null without one).
  const email = (user: { email: string | null; guardian?: { displayName: string } | null }) =>
    contactLabel(user, tContact);
  /** A name on the roster leads an administrator to the person's page. */
  const person = (booking: { attendeeId: string; attendee: Parameters<typeof name>[0] }) =>
    isTeacher ? (
      name(booking.attendee)
    ) : (
      <Link
        href={`/dashboard/users/${booking.attendeeId}`}
        className="text-brand-800 underline decoration-slate-300 underline-offset-4 hover:decoration-brand-700"
      >
        {name(booking.attendee)}
      </Link>
    );
  const onList = new Set([...roster, ...held, ...waitlist].map((booking) => booking.attendeeId));
  const personHref = (booking: { attendeeId: string }) =>
    isTeacher ? undefined : `/dashboard/users/${booking.attendeeId}`;
  const found =
    live && query
      ? (await listUsers({ db: viewer.db, accountId: viewer.accountId, viewer: viewer.persona, q: query, limit: 10 }))
          .items
      : [];
  const dropIns: DropInOption[] = live
    ? (await listProducts({ db: viewer.db }))
        .filter((product) => product.type === "drop_in" && product.status === "active")
        .flatMap((product) =>
          product.prices.map((price) => ({
            priceId: price.id,
            label: [
              product.name,
              formatMoney(price.amount, price.currency, studio.locale),
              price.minAge !== null || price.maxAge !== null
                ? tRoster("ages", {
                    min: price.minAge ?? 0,
                    max: price.maxAge ?? 0,
                    hasMax: price.maxAge !== null ? "yes" : "no",
                  })
                : "",
            ]
              .filter(Boolean)
              .join(" · "),
          })),
        )
    : [];

  return (
    <>
      <p className="text-sm">
        <Link
          href={isTeacher ? "/dashboard" : "/dashboard/calendar"}
          className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
        >
          {isTeacher ? tRoster("backToMyClasses") : t("backToCalendar")}
        </Link>
      </p>
      <PageHeader title={instance.event.title}>
        <span className="flex flex-wrap items-center gap-2">
          {formatDateTime(instance.startsAt, studio)}–{formatTime(instance.endsAt, studio)}
          {instance.event.location ? ` · ${instance.event.location}` : ""}{" "}
          <StatusBadge status={shownInstanceStatus(instance, now)} />
        </span>
      </PageHeader>
      <div className="max-w-sm">
        <FillBar
          booked={instance.bookedCount}
          capacity={instance.capacity}
          waitlisted={waitlist.length}
          held={held.length}
        />
      </div>
      <Section id="roster-heading" title={t("roster", { count: roster.length + held.length })}>
        <p className="text-sm text-slate-700">
          {checkInOpen
            ? t("attendanceCounts", { attended, noShows, notMarked: roster.length - attended - noShows })
            : t("checkInOpens", { time: formatDateTime(opensAt, studio) })}
        </p>
        {roster.length + held.length === 0 ? (
          <p className="text-sm text-slate-600">{t("nobodyBooked")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {roster.map((booking) => (
              <li key={booking.id} className="space-y-3 p-4">
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
                  <div className="min-w-0">
                    <p className="text-lg font-medium text-slate-900">{person(booking)}</p>
                    <p className="text-sm text-slate-600">
                      <span className="break-all">{email(booking.attendee)}</span> ·{" "}
                      {booking.attendance ? words.attendance(booking.attendance) : t("notCheckedIn")}
                    </p>
                    <p className="text-sm text-slate-700">{passOf(booking)}</p>
                  </div>
                  {checkInOpen && (
                    <AttendanceButtons
                      instanceId={instance.id}
                      bookingId={booking.id}
                      attendee={name(booking.attendee)}
                      attendance={booking.attendance}
                    />
                  )}
                </div>
                {live && booking.attendance === null ? (
                  <CancelBookingForm
                    instanceId={instance.id}
                    bookingId={booking.id}
                    attendee={name(booking.attendee)}
                    late={late}
                  />
                ) : null}
              </li>
            ))}
            {held.map((booking) => (
              <li key={booking.id} className="space-y-3 bg-amber-50 p-4">
                <div className="min-w-0">
                  <p className="text-lg font-medium text-slate-900">
                    <HeldPlace
                      attendee={name(booking.attendee)}
                      until={formatTime(booking.offerExpiresAt, studio)}
                      href={personHref(booking)}
                    />
                  </p>
                  <p className="break-all text-sm text-slate-600">{email(booking.attendee)}</p>
                </div>
                {live ? (
                  <WaitingControls
                    instanceId={instance.id}
                    bookingId={booking.id}
                    attendee={name(booking.attendee)}
                    full={false}
                    capacity={instance.capacity}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {live ? (
        <Section id="walk-in-heading" title={tRoster("walkIn")}>
          <form method="get" role="search" className="flex flex-wrap items-end gap-2">
            <span className="min-w-0 flex-1">
              <label htmlFor="walk-in-q" className="block text-sm font-medium text-slate-800">
                {tRoster("findPerson")}
              </label>
              <input
                id="walk-in-q"
                type="search"
                name="q"
                defaultValue={query}
                autoComplete="off"
                placeholder={tRoster("findPersonHint")}
                className="mt-1 min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2"
              />
            </span>
            <button type="submit" className={buttonClass()}>
              {tRoster("search")}
            </button>
          </form>
          {query ? (
            found.length === 0 ? (
              <p className="text-sm text-slate-600">{tRoster("nobodyFound", { query })}</p>
            ) : (
              <ul
                aria-label={tRoster("results")}
                className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white"
              >
                {found.map((member) => (
                  <li key={member.id} className="space-y-2 p-4">
                    <p>
                      <span className="font-medium text-slate-900">{name(member)}</span>{" "}
                      <span className="break-all text-sm text-slate-600">{email(member)}</span>
                    </p>
                    {onList.has(member.id) ? (
                      <p className="text-sm text-slate-700">{tRoster("alreadyBooked")}</p>
                    ) : (
                      <WalkInActions
                        instanceId={instance.id}
                        attendeeId={member.id}
                        attendee={name(member)}
                        dropIns={dropIns}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )
          ) : null}
          <h3 id="new-walk-in-heading" className="pt-2 font-medium text-slate-800">
            {tRoster("newPerson")}
          </h3>
          <NewWalkInForm instanceId={instance.id} dropIns={dropIns} />
        </Section>
      ) : null}
      <Section id="waitlist-heading" title={t("waitlist", { count: waitlist.length })}>
        <SectionNotices>
          {waitlist.length === 0 ? (
            <p className="text-sm text-slate-600">{t("nobodyWaiting")}</p>
          ) : (
            <ol className="list-inside list-decimal divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
              {waitlist.map((booking) => (
                <li key={booking.id} className="space-y-1 p-4">
                  <span className="font-medium">{person(booking)}</span>{" "}
                  <span className="text-sm text-slate-600">
                    <span className="break-all">{email(booking.attendee)}</span> ·{" "}
                    {t("waitingSince", { since: formatDateTime(booking.createdAt, studio) })}
                  </span>
                  {live ? (
                    <WaitingControls
                      instanceId={instance.id}
                      bookingId={booking.id}
                      attendee={name(booking.attendee)}
                      full={full}
                      capacity={instance.capacity}
                    />
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </SectionNotices>
      </Section>
    </>
  );
}

/** A waiting or held place's two moves at the desk: up into the class (with an extra place when it is full), or off the waitlist. */
function WaitingControls(props: {
  instanceId: string;
  bookingId: string;
  attendee: string;
  full: boolean;
  capacity: number;
}) {
  return (
    <div className="flex flex-col items-start gap-1">
      <PromoteForm {...props} />
      <CancelBookingForm
        instanceId={props.instanceId}
        bookingId={props.bookingId}
        attendee={props.attendee}
        late={false}
        waitlisted
      />
    </div>
  );
}
