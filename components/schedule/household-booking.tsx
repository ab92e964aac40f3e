"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { BookingActionResult } from "./booking-controls";

type Person = { id: string; displayName: string };
type HouseholdBooking = { id: string; attendeeId: string; attendeeName: string; status: string; guest: boolean };
type BookInput = {
  instanceId: string;
  waitlist?: boolean;
  attendeeId?: string;
  guest?: { displayName: string; email?: string };
};

export type HouseholdBookingProps = {
  instanceId: string;
  /** The class, for screen readers: "Børnedans, mandag 23. november 16.00–17.00". */
  label: string;
  /** The viewer's children they book for (decision 0038): a button each, unless already on the class. */
  dependants: Person[];
  /** The studio lets a member bring a guest (bookingPolicy.guestsPerBooking > 0). */
  guestsAllowed: boolean;
  /** The class is full and its waitlist open: a booking joins the waitlist. */
  waitlist: boolean;
  /** The viewer's dependants' and guests' live bookings of this class. */
  bookings: HouseholdBooking[];
  book: (input: BookInput) => Promise<HouseholdResult>;
  cancel: (sent: { bookingId: string }) => Promise<BookingActionResult>;
};

/** A refusal of a child's booking may say where to buy them a pass ("Køb til Liva"). */
type HouseholdResult = BookingActionResult & { buy?: { label: string; href: string } };

/**
 * A class booked for the household: one "Book til Ida" per child not yet on it (beside the viewer's
 * own "Book til mig", POST /bookings as usual; a child's with `attendeeId`), "Bring a guest" in a
 * dialog (name, an optional email; paid with a credit of the viewer's pass), and the dependants'
 * and guests' bookings of the class with Cancel. Errors are the API's own messages in the page's
 * language; a child without a pass is named, with a link to buy one for them.
 */
export function HouseholdBooking(props: HouseholdBookingProps) {
  const { instanceId } = props;
  const t = useTranslations("Household");
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<HouseholdResult | undefined>();
  const [bookingFor, setBookingFor] = useState<string | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  const booked = new Set(props.bookings.map((booking) => booking.attendeeId));
  const unbooked = props.dependants.filter((person) => !booked.has(person.id));

  function run(action: () => Promise<HouseholdResult>) {
    setResult(undefined);
    startTransition(async () => {
      try {
        setResult(await action());
      } catch {
        setResult({ ok: false, error: t("failed") });
      }
    });
  }

  function bookFor(person: Person) {
    setBookingFor(person.id);
    run(() => props.book({ instanceId, attendeeId: person.id, ...(props.waitlist ? { waitlist: true } : {}) }));
  }

  function bookGuest(form: FormData) {
    const displayName = String(form.get("guestName") ?? "").trim();
    const email = String(form.get("guestEmail") ?? "").trim();
    dialog.current?.close();
    run(() =>
      props.book({
        instanceId,
        guest: { displayName, ...(email ? { email } : {}) },
        ...(props.waitlist ? { waitlist: true } : {}),
      }),
    );
  }

  return (
    <div className="mt-2 space-y-3">
      {unbooked.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {unbooked.map((person) => (
            <li key={person.id}>
              <Button
                size="sm"
                disabled={pending}
                onClick={() => bookFor(person)}
                aria-label={`${t("bookFor", { name: person.displayName })}: ${props.label}`}
              >
                {pending && bookingFor === person.id ? t("booking") : t("bookFor", { name: person.displayName })}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {props.guestsAllowed && (
        <>
          <Button variant="secondary" size="sm" disabled={pending} onClick={() => dialog.current?.showModal()}>
            {t("bringGuest")}
          </Button>
          <dialog
            ref={dialog}
            aria-labelledby={`guest-title-${instanceId}`}
            className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
          >
            <h2 id={`guest-title-${instanceId}`} className="text-lg font-semibold">
              {t("bringGuest")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("guestHint")}</p>
            <form action={bookGuest} className="mt-3 space-y-3">
              <label className="block text-sm font-medium">
                {t("guestName")}
                <input
                  name="guestName"
                  required
                  maxLength={200}
                  className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3"
                />
              </label>
              <label className="block text-sm font-medium">
                {t("guestEmail")}
                <input
                  name="guestEmail"
                  type="email"
                  maxLength={320}
                  className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3"
                />
              </label>
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="secondary" onClick={() => dialog.current?.close()}>
                  {t("close")}
                </Button>
                <Button type="submit">{t("bookGuest")}</Button>
              </div>
            </form>
          </dialog>
        </>
      )}

      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`text-sm ${result.ok ? "text-emerald-800" : "text-red-800"}`}
        >
          {result.ok ? result.message : result.error}
          {!result.ok && result.buy && (
            <>
              {" "}
              <Link href={result.buy.href} className="font-medium underline">
                {result.buy.label}
              </Link>
            </>
          )}
        </p>
      )}

      {props.bookings.length > 0 && (
        <ul aria-label={t("alsoBooked")} className="space-y-2">
          {props.bookings.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">
                {booking.guest ? t("yourGuest", { name: booking.attendeeName }) : booking.attendeeName}
              </span>
              <Badge tone={booking.status === "waitlisted" ? "warning" : "success"}>
                {booking.status === "waitlisted" ? t("onWaitlist") : t("booked")}
              </Badge>
              <Button
                variant="ghost"
                size="sm"
                disabled={pending}
                onClick={() => run(() => props.cancel({ bookingId: booking.id }))}
                aria-label={t("cancelFor", { name: booking.attendeeName })}
              >
                {t("cancel")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
