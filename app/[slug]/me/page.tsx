import type { Metadata } from "next";
import Link from "next/link";
import { BookingControls } from "@/components/schedule/booking-controls";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { listMyBookings } from "@/lib/bookings/list-my-bookings";
import { listMyEntitlements } from "@/lib/commerce/list-my-entitlements";
import { listProducts } from "@/lib/commerce/list-products";
import { formatDate, formatDateTime, formatTime } from "@/lib/format/dates";
import { bookAction, cancelAction, signOutAction } from "../actions";
import { getViewer } from "@/lib/web/viewer";
import { getPublicStudio, orNotFound, signInHref, viewerOf } from "../studio";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ bought?: string }> };

const BOOKING_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  confirmed: { label: "Booked", tone: "success" },
  waitlisted: { label: "On waitlist", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  late_cancelled: { label: "Late cancelled (credit kept)", tone: "danger" },
  cancelled_by_studio: { label: "Cancelled by the studio", tone: "danger" },
};

const PASS_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  exhausted: { label: "Used up", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
  revoked: { label: "Revoked", tone: "danger" },
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const account = await getPublicStudio((await params).slug);
  return { title: `${account.name}: my bookings`, robots: { index: false } };
}

/** The signed-in attendee's bookings (upcoming, then past) and passes in this studio. */
export default async function MyBookingsPage({ params, searchParams }: Props) {
  const [{ slug }, { bought }] = await Promise.all([params, searchParams]);
  const [account, signedIn] = await orNotFound(Promise.all([getPublicStudio(slug), getViewer()]));
  const viewer = viewerOf(signedIn, account);
  const header = (
    <StudioHeader
      studio={account}
      current="me"
      signedIn={viewer !== undefined}
      signOut={signOutAction.bind(null, account.slug)}
      signInHref={signInHref(account.slug)}
    />
  );
  if (!viewer) {
    return (
      <>
        {header}
        <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
          <h1 className="text-2xl font-semibold text-brand-900">My bookings</h1>
          <p className="mt-3 text-slate-700">Sign in to see your bookings and passes.</p>
          <ButtonLink href={signInHref(account.slug)} className="mt-4">
            Sign in
          </ButtonLink>
        </main>
      </>
    );
  }

  const [bookings, entitlements, products] = await Promise.all([
    listMyBookings({ db: viewer.db, userId: viewer.userId }),
    listMyEntitlements({ db: viewer.db, userId: viewer.userId }),
    listProducts({ db: viewer.db }),
  ]);
  const where = { zone: account.timezone, locale: account.locale };
  const now = new Date().getTime();
  const upcoming = bookings.filter((booking) => booking.instance.endsAt.getTime() > now);
  const past = bookings.filter((booking) => booking.instance.endsAt.getTime() <= now).reverse();
  const productNames = new Map(products.map((product) => [product.id, product.name]));

  const book = bookAction.bind(null, account.slug);
  const cancel = cancelAction.bind(null, account.slug);
  const HOUR_MS = 3_600_000;

  const bookingList = (list: typeof bookings, empty: string) =>
    list.length === 0 ? (
      <p className="mt-2 text-slate-700">{empty}</p>
    ) : (
      <ul className="mt-2 divide-y divide-slate-100">
        {list.map((booking) => {
          const status = BOOKING_STATUS[booking.status] ?? { label: booking.status, tone: "neutral" as const };
          return (
            <li key={booking.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">{booking.instance.event.title}</p>
                <p className="text-sm text-slate-700">
                  <time dateTime={booking.instance.startsAt.toISOString()}>
                    {formatDateTime(booking.instance.startsAt, where)}–{formatTime(booking.instance.endsAt, where)}
                  </time>
                  {booking.instance.event.location && ` · ${booking.instance.event.location}`}
                </p>
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
                <Badge tone={status.tone}>{status.label}</Badge>
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
        <h1 className="text-2xl font-semibold text-brand-900">My bookings</h1>
        {bought && (
          <Notice tone="success" className="mt-4">
            Thank you! Your purchase is complete and your pass is ready to use.
          </Notice>
        )}
        <section aria-labelledby="upcoming" className="mt-6">
          <h2 id="upcoming" className="text-lg font-semibold">
            Upcoming
          </h2>
          {bookingList(upcoming, "No upcoming bookings.")}
          <p className="mt-2">
            <Link href={`/${account.slug}`} className="font-medium text-brand-700 underline">
              Find a class
            </Link>
          </p>
        </section>
        <section aria-labelledby="passes" className="mt-8">
          <h2 id="passes" className="text-lg font-semibold">
            My passes
          </h2>
          {entitlements.length === 0 ? (
            <p className="mt-2 text-slate-700">
              No passes yet.{" "}
              <Link href={`/${account.slug}/passes`} className="font-medium text-brand-700 underline">
                See passes and prices
              </Link>
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {entitlements.map((entitlement) => {
                const status = PASS_STATUS[entitlement.status] ?? {
                  label: entitlement.status,
                  tone: "neutral" as const,
                };
                return (
                  <li key={entitlement.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                    <div>
                      <p className="font-semibold text-slate-900">
                        {productNames.get(entitlement.productId) ?? "Pass"}
                      </p>
                      <p className="text-sm text-slate-700">
                        {entitlement.remainingClasses === null
                          ? "Unlimited classes"
                          : `${entitlement.remainingClasses} ${entitlement.remainingClasses === 1 ? "class" : "classes"} left`}
                        {" · "}
                        {entitlement.validUntil
                          ? `valid until ${formatDate(entitlement.validUntil, where)}`
                          : "no expiry"}
                      </p>
                    </div>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="past" className="mt-8">
          <h2 id="past" className="text-lg font-semibold">
            Past
          </h2>
          {bookingList(past, "No past bookings.")}
        </section>
      </main>
    </>
  );
}
