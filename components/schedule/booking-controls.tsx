"use client";

import { useRef, useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

export type BookingActionResult = { ok: true; message: string } | { ok: false; error: string };

export type BookingControlsProps = {
  /** What the viewer can do now: book, join the waitlist, or cancel their live booking. */
  mode: "book" | "waitlist" | "cancel";
  /** The class, for the confirm dialog: "Vinyasa, mandag 23. november 09.15". */
  label: string;
  instanceId: string;
  bookingId?: string;
  /** A waitlisted booking takes no credit: leaving the waitlist never costs one. */
  waitlisted?: boolean;
  /** Epoch ms until which a cancellation returns the credit (start − cancellation window). */
  refundUntil: number;
  /** The same moment in the studio's zone and locale, for the dialog. */
  refundUntilText: string;
  book: (input: { instanceId: string; waitlist?: boolean }) => Promise<BookingActionResult>;
  cancel: (bookingId: string) => Promise<BookingActionResult>;
  /** Where to buy a pass when the answer is "No valid entitlement". */
  passesHref: string;
};

/**
 * Book / Join waitlist / Cancel for one class. Render it with the same key in every mode, so that the
 * outcome of an action ("Cancelled. The credit is back…") stays visible after the page refreshes. Cancelling asks first, in a modal dialog that says
 * whether the credit comes back (before the cancellation window) or is kept. Pending and error
 * states are shown beside the button; errors are the API's own messages.
 */
export function BookingControls(props: BookingControlsProps) {
  const { mode, label, instanceId, bookingId } = props;
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<BookingActionResult | undefined>();
  const [creditBack, setCreditBack] = useState(true);
  const dialog = useRef<HTMLDialogElement>(null);

  function run(action: () => Promise<BookingActionResult>) {
    setResult(undefined);
    startTransition(async () => {
      try {
        setResult(await action());
      } catch {
        setResult({ ok: false, error: "Something went wrong. Please try again." });
      }
    });
  }

  function askToCancel() {
    setCreditBack(Date.now() < props.refundUntil);
    dialog.current?.showModal();
  }

  const message = result && (
    <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "text-emerald-800" : "text-red-800"}`}>
      {result.ok ? result.message : result.error}
      {!result.ok && result.error === "No valid entitlement" && (
        <>
          {" "}
          <a className="font-medium underline" href={props.passesHref}>
            Buy a pass
          </a>
        </>
      )}
    </p>
  );

  if (mode === "cancel") {
    return (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Badge tone={props.waitlisted ? "warning" : "success"}>{props.waitlisted ? "On waitlist" : "Booked"}</Badge>
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={askToCancel}
          aria-label={`${props.waitlisted ? "Leave waitlist" : "Cancel booking"}: ${label}`}
        >
          {pending ? "Cancelling…" : props.waitlisted ? "Leave waitlist" : "Cancel"}
        </Button>
        {message}
        <dialog
          ref={dialog}
          aria-labelledby={`cancel-title-${instanceId}`}
          className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
        >
          <h2 id={`cancel-title-${instanceId}`} className="text-lg font-semibold">
            {props.waitlisted ? "Leave the waitlist?" : "Cancel this booking?"}
          </h2>
          <p className="mt-2">{label}</p>
          <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
            {props.waitlisted
              ? "You have not used a credit for this class, so nothing is charged."
              : creditBack
                ? `You cancel in time: the credit comes back to your pass (free cancellation until ${props.refundUntilText}).`
                : `Free cancellation ended ${props.refundUntilText}: if you cancel now, the credit is kept.`}
          </p>
          <form method="dialog" className="mt-5 flex flex-wrap justify-end gap-2">
            <Button type="submit" variant="secondary" autoFocus>
              {props.waitlisted ? "Stay on the waitlist" : "Keep my booking"}
            </Button>
            <Button type="submit" variant="danger" onClick={() => bookingId && run(() => props.cancel(bookingId))}>
              {props.waitlisted ? "Leave waitlist" : "Cancel booking"}
            </Button>
          </form>
        </dialog>
      </div>
    );
  }

  const waitlist = mode === "waitlist";
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        size="sm"
        variant={waitlist ? "secondary" : "primary"}
        disabled={pending}
        onClick={() => run(() => props.book({ instanceId, ...(waitlist ? { waitlist: true } : {}) }))}
        aria-label={`${waitlist ? "Join waitlist" : "Book"}: ${label}`}
      >
        {pending ? (waitlist ? "Joining…" : "Booking…") : waitlist ? "Join waitlist" : "Book"}
      </Button>
      {message}
    </div>
  );
}
