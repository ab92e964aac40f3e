import { pageFormat } from "@/lib/i18n/page-language";
import type { Account } from "@prisma/client";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { BookingControls, type BookingControlsProps } from "@/components/schedule/booking-controls";
import { buttonClass } from "@/components/ui/button";
import { bookingWindow, bookingWindowState } from "@/lib/bookings/booking-window";
import type { BookingDecision } from "@/lib/bookings/get-booking-options";
import { formatDateTime } from "@/lib/format/dates";

/** One class as its booking button needs it. */
export type ActionInstance = { id: string; startsAt: Date; endsAt: Date; capacity: number; bookedCount: number };

export type ClassActionProps = {
  instance: ActionInstance;
  account: Pick<
    Account,
    | "slug"
    | "timezone"
    | "locale"
    | "waitlistEnabled"
    | "opensDaysBefore"
    | "closesMinutesBefore"
    | "cancellationWindowHours"
  >;
  /** The class for screen readers and the cancel dialog: "Vinyasa, mandag 23. november 09.15–10.15". */
  label: string;
  /** Someone is signed in to this studio. */
  signedIn: boolean;
  /** The viewer's live (confirmed or waitlisted) booking of the class; a waitlisted one may hold an offered place. */
  booking?: { id: string; status: string; offerExpiresAt?: Date | null };
  /** What booking would do for the viewer, decided as POST /bookings decides (getBookingOptions). */
  decision?: BookingDecision;
  /** The products whose purchase would make it bookable, when known (the class page): each a link to buy. */
  products?: { id: string; name: string }[];
  signInHref: string;
  actions: Pick<BookingControlsProps, "book" | "cancel">;
  /** `end` (a schedule row): to the right from `sm` up; `start` (a class page's box): to the left. */
  align?: "start" | "end";
  /** The book button's words beside the household's ("Book til mig"); else "Book". */
  bookLabel?: string;
  now: Date;
};

/**
 * Whether "Full — join the waitlist" is what a full class offers this viewer: never beside their
 * own booking, and for someone signed in only when their decision is the waitlist (a pass covers it).
 */
export function offersWaitlist(options: {
  waitlistEnabled: boolean;
  signedIn: boolean;
  booking: unknown;
  decision: Pick<BookingDecision, "action"> | undefined;
}): boolean {
  if (!options.waitlistEnabled || options.booking) return false;
  return options.signedIn ? options.decision?.action === "waitlist" : true;
}

type ScheduleTranslator = Awaited<ReturnType<typeof getTranslations<"Schedule">>>;

/**
 * What the schedule and the class page say about booking a class before any tap: Booked + cancel,
 * started or ended, when booking opens, closed, sign in to book, or the signed-in viewer's decision.
 */
export async function ClassAction(props: ClassActionProps) {
  const { instance, account, booking, now } = props;
  const t = await getTranslations("Schedule");
  const where = await pageFormat(account);
  const { opensAt, refundUntil } = bookingWindow(instance.startsAt, account);
  const windowState = bookingWindowState(now, instance.startsAt, account);
  const spotsLeft = Math.max(instance.capacity - instance.bookedCount, 0);
  const controls = {
    label: props.label,
    instanceId: instance.id,
    refundUntil: refundUntil.getTime(),
    refundUntilText: formatDateTime(refundUntil, where),
    ...props.actions,
    // Buying a pass from here comes back to this class (the passes page carries it to the payment).
    passesHref: `/${account.slug}/passes?${new URLSearchParams({ returnTo: `/${account.slug}/classes/${instance.id}` })}`,
    align: props.align ?? "end",
    ...(props.bookLabel ? { bookLabel: props.bookLabel } : {}),
  };

  if (booking && windowState !== "started") {
    const offered =
      booking.status === "waitlisted" && !!booking.offerExpiresAt && booking.offerExpiresAt.getTime() > now.getTime();
    const cancelControls = (
      <BookingControls
        {...controls}
        mode="cancel"
        bookingId={booking.id}
        waitlisted={booking.status === "waitlisted"}
        offered={offered}
      />
    );
    if (!offered) return cancelControls;
    return (
      <div className={`flex flex-col items-start gap-2 ${controls.align === "end" ? "sm:items-end" : ""}`}>
        {cancelControls}
        {/* The place is taken on My bookings, where the offer says until when it is held. */}
        <Link href={`/${account.slug}/me`} className={buttonClass("primary", "sm")}>
          {t("claimHeldPlace")}
          <span className="sr-only">: {props.label}</span>
        </Link>
      </div>
    );
  }
  if (windowState === "started")
    return (
      <Note>
        {instance.endsAt.getTime() <= now.getTime() ? t("ended") : t("started")}
        {booking?.status === "confirmed" && t("youWereBooked")}
      </Note>
    );
  if (windowState === "not_open_yet") return <Note>{t("opens", { when: formatDateTime(opensAt, where) })}</Note>;
  if (windowState === "closed") return <Note>{t("closed")}</Note>;
  if (spotsLeft === 0 && !account.waitlistEnabled) return null;
  if (!props.signedIn)
    return (
      <Link href={props.signInHref} className={buttonClass("secondary", "sm")}>
        {spotsLeft === 0 ? t("signInToJoinWaitlist") : t("signInToBook")}
        <span className="sr-only">: {props.label}</span>
      </Link>
    );
  return <ViewerAction decision={props.decision} controls={controls} products={props.products} t={t} />;
}

function Note({ children }: { children: ReactNode }) {
  return <span className="text-sm text-slate-600">{children}</span>;
}

/**
 * The signed-in viewer's button for a class they have not booked, said before the tap: book (with
 * the credit it uses), join the waitlist, or why not (no pass that covers it, with links to buy one).
 */
function ViewerAction({
  decision,
  controls,
  products,
  t,
}: {
  decision: BookingDecision | undefined;
  controls: Omit<BookingControlsProps, "mode">;
  products: { id: string; name: string }[] | undefined;
  t: ScheduleTranslator;
}) {
  if (!decision || decision.reason === "not_bookable") return <Note>{t("notBookable")}</Note>;
  if (decision.reason === "waitlist_disabled") return null;
  if (decision.reason === "blocked") return <Note>{t("bookingBlocked")}</Note>;
  if (decision.action === "waitlist") return <BookingControls {...controls} mode="waitlist" />;
  // Beside the household's buttons the member's own is one more "Book til …"; a tap says what a pass would need.
  if (decision.reason === "no_entitlement" && controls.bookLabel) return <BookingControls {...controls} mode="book" />;
  if (decision.reason === "no_entitlement" && !decision.holdsPass && products?.length !== 0)
    return <BuyToBook passesHref={controls.passesHref} label={controls.label} t={t} />;
  if (decision.reason === "no_entitlement")
    return <NoPass passesHref={controls.passesHref} products={products} end={controls.align === "end"} t={t} />;
  if (!decision.canBook) return null;
  const credit = decision.credit;
  return (
    <div className={`flex flex-col items-start gap-1 ${controls.align === "end" ? "sm:items-end" : ""}`}>
      <BookingControls {...controls} mode="book" />
      {credit && (
        <p className={`text-xs text-slate-600 ${controls.align === "end" ? "sm:text-right" : ""}`}>
          {credit.remainingClasses === null
            ? t("usesUnlimited", { product: credit.productName })
            : t("usesCredit", { remaining: credit.remainingClasses, product: credit.productName })}
        </p>
      )}
    </div>
  );
}

/** A member without any pass: the invitation to buy one, to the passes page and back to this class. */
function BuyToBook({ passesHref, label, t }: { passesHref: string; label: string; t: ScheduleTranslator }) {
  return (
    <Link href={passesHref} aria-label={`${t("buyPassToBook")}: ${label}`} className={buttonClass("primary", "sm")}>
      {t("buyPassToBook")}
    </Link>
  );
}

/** Passes the member holds do not cover the class: a link to the passes, or (the class page) the passes that would. */
function NoPass({
  passesHref,
  products,
  end,
  t,
}: {
  passesHref: string;
  products: { id: string; name: string }[] | undefined;
  end: boolean;
  t: ScheduleTranslator;
}) {
  const link = "font-medium text-brand-700 underline";
  if (!products)
    return (
      <p className={`text-sm text-slate-700 ${end ? "sm:max-w-56 sm:text-right" : ""}`}>
        {t("noPass")}{" "}
        <Link href={passesHref} className={link}>
          {t("buyPass")}
        </Link>
      </p>
    );
  if (products.length === 0) return <p className="text-sm text-slate-700">{t("noPassOnSale")}</p>;
  return (
    <div className="text-sm text-slate-700">
      <p>{t("noPassTheseDo")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {products.map((product) => (
          <li key={product.id}>
            <Link
              href={`${passesHref}#product-${product.id}`}
              className="inline-flex min-h-9 items-center rounded-full border border-brand-700 px-3 font-medium text-brand-700 hover:bg-brand-50"
            >
              {product.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
