"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

import type { StudioState } from "@/lib/web/form-state";

/** What a booking action answers: a confirmation, or the refusal in the page's language with its code. */
export type BookingActionResult = StudioState;

export type BookingControlsProps = {
  /** What the viewer can do now: book, join the waitlist, or cancel their live booking. */
  mode: "book" | "waitlist" | "cancel";
  /** The class, for the confirm dialog: "Vinyasa, mandag 23. november 09.15". */
  label: string;
  instanceId: string;
  bookingId?: string;
  /** A waitlisted booking takes no credit: leaving the waitlist never costs one. */
  waitlisted?: boolean;
  /** A waitlisted booking holding an offered place (decision 0039): leaving it declines the place. */
  offered?: boolean;
  /** Epoch ms until which a cancellation returns the credit (start − cancellation window). */
  refundUntil: number;
  /** The same moment in the studio's zone and locale, for the dialog. */
  refundUntilText: string;
  book: (input: { instanceId: string; waitlist?: boolean }) => Promise<BookingActionResult>;
  cancel: (sent: { bookingId: string }) => Promise<BookingActionResult>;
  /** Where to buy a pass when the answer is "No valid entitlement". */
  passesHref: string;
  /** `end`: to the right from `sm` up (a schedule row); `start`: always to the left (a class page's box). */
  align?: "start" | "end";
  /** The book button's words when the viewer books for their household too ("Book til mig"); else "Book". */
  bookLabel?: string;
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
  const t = useTranslations("BookingControls");
  const column = `flex flex-col items-start gap-1 ${props.align === "start" ? "" : "sm:items-end"}`;

  function run(action: () => Promise<BookingActionResult>) {
    setResult(undefined);
    startTransition(async () => {
      try {
        setResult(await action());
      } catch {
        setResult({ ok: false, error: t("failed") });
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
      {!result.ok && result.code === "no_valid_entitlement" && (
        <>
          {" "}
          <a className="font-medium underline" href={props.passesHref}>
            {t("buyPass")}
          </a>
        </>
      )}
    </p>
  );

  if (mode === "cancel") {
    const leaving = props.offered
      ? {
          badge: t("placeHeld"),
          leave: t("declineOffer"),
          title: t("declineOfferTitle"),
          why: t("declineCostsNothing"),
          stay: t("keepOffer"),
        }
      : {
          badge: t("onWaitlist"),
          leave: t("leaveWaitlist"),
          title: t("leaveWaitlistTitle"),
          why: t("waitlistCostsNothing"),
          stay: t("stayOnWaitlist"),
        };
    return (
      <div className={column}>
        <Badge tone={props.waitlisted ? "warning" : "success"}>{props.waitlisted ? leaving.badge : t("booked")}</Badge>
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={askToCancel}
          aria-label={`${props.waitlisted ? leaving.leave : t("cancelBooking")}: ${label}`}
        >
          {pending ? t("cancelling") : props.waitlisted ? leaving.leave : t("cancel")}
        </Button>
        {message}
        <dialog
          ref={dialog}
          aria-labelledby={`cancel-title-${instanceId}`}
          className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
        >
          <h2 id={`cancel-title-${instanceId}`} className="text-lg font-semibold">
            {props.waitlisted ? leaving.title : t("cancelTitle")}
          </h2>
          <p className="mt-2">{label}</p>
          <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
            {props.waitlisted
              ? leaving.why
              : creditBack
                ? t("creditComesBack", { until: props.refundUntilText })
                : t("creditKept", { until: props.refundUntilText })}
          </p>
          <form method="dialog" className="mt-5 flex flex-wrap justify-end gap-2">
            <Button type="submit" variant="secondary" autoFocus>
              {props.waitlisted ? leaving.stay : t("keepBooking")}
            </Button>
            <Button
              type="submit"
              variant="dangerSolid"
              onClick={() => bookingId && run(() => props.cancel({ bookingId }))}
            >
              {props.waitlisted ? leaving.leave : t("cancelBooking")}
            </Button>
          </form>
        </dialog>
      </div>
    );
  }

  const waitlist = mode === "waitlist";
  const book = props.bookLabel ?? t("book");
  return (
    <div className={column}>
      <Button
        size="sm"
        variant={waitlist ? "secondary" : "primary"}
        disabled={pending}
        onClick={() => run(() => props.book({ instanceId, ...(waitlist ? { waitlist: true } : {}) }))}
        aria-label={`${waitlist ? t("joinWaitlist") : book}: ${label}`}
      >
        {pending ? (waitlist ? t("joining") : t("booking")) : waitlist ? t("joinWaitlist") : book}
      </Button>
      {message}
    </div>
  );
}
