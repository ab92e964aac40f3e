import "server-only";
import type { Entitlement } from "@prisma/client";
import { cancelEntitlementBookings } from "@/lib/bookings/cancel-entitlement-bookings";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError, type ErrorDetail } from "@/lib/errors";
import type { PauseEntitlementInput } from "@/lib/schemas/entitlement";
import { toIsoDate } from "@/lib/schemas/common";
import { shiftByStudioDays } from "@/lib/studio-time/day";
import { dateOnly, daysBetween, pauseRunsPast, studioDbDate } from "./entitlement-pause";
import { moveValidity } from "./move-validity";
import { ruleDetail } from "@/lib/error-details";

/** A pause written, and how many of the holder's bookings on its days the studio cancelled. */
export type PausedEntitlement = { entitlement: Entitlement; cancelledBookings: number };

/**
 * An administrator pauses an entitlement from `from` until `until` (the studio's dates, until
 * exclusive): classes starting on those days are not covered (usable_entitlements), and its
 * `validUntil` (so the next renewal) and any `cancelAt` move later by the pause's length. In the
 * same transaction its confirmed bookings of classes on those days (still to start) are cancelled
 * by the studio, their credit given back and the "cancelled by the studio" emails queued
 * (cancelEntitlementBookings); standing places skip those days (sweep-standing-bookings.ts).
 * One pause at a time: 400 when it overlaps the stored pause, or when the stored one has not ended
 * yet (today, the studio's date); a pause that has ended is replaced (its days stay added).
 * 400 too when the pause starts on or after the day the entitlement ends.
 */
export async function pauseEntitlement({
  db,
  entitlementId,
  input,
  now = new Date(),
}: {
  db: TenantDb;
  entitlementId: string;
  input: PauseEntitlementInput;
  now?: Date;
}): Promise<PausedEntitlement> {
  const entitlement = await db.entitlement.findFirst({
    where: { id: entitlementId },
    include: { account: { select: { timezone: true } } },
  });
  if (!entitlement) throw new AppError("not_found");
  const timezone = entitlement.account.timezone;
  const from = dateOnly(input.from);
  const until = dateOnly(input.until);
  refuseClash(entitlement, { from, until, today: studioDbDate(now, timezone) });
  if (entitlement.validUntil && from >= studioDbDate(entitlement.validUntil, timezone))
    throw invalid(ruleDetail("from", "pause_after_end"));
  let cancelledBookings = 0;
  const written = await moveValidity(
    db,
    entitlement,
    {
      pause: { pausedFrom: from, pausedUntil: until },
      validUntil: entitlement.validUntil && shiftByStudioDays(entitlement.validUntil, daysBetween(from, until), timezone),
    },
    async (tx) => {
      const notices = await cancelEntitlementBookings({
        tx,
        accountId: entitlement.accountId,
        entitlementId,
        now,
        within: { from: input.from, until: input.until, timezone },
        notice: "membership_paused",
      });
      await enqueueBookingEmails(tx, entitlement.accountId, notices);
      cancelledBookings = notices.filter((notice) => notice.kind === "membership_paused").length;
    },
  );
  return { entitlement: written, cancelledBookings };
}

function refuseClash(
  stored: Pick<Entitlement, "pausedFrom" | "pausedUntil">,
  pause: { from: Date; until: Date; today: Date },
): void {
  if (!stored.pausedFrom || !stored.pausedUntil) return;
  const span = { from: toIsoDate(stored.pausedFrom)!, until: toIsoDate(stored.pausedUntil)! };
  if (pause.from < stored.pausedUntil && stored.pausedFrom < pause.until)
    throw invalid(ruleDetail("from", "pause_overlaps", span));
  if (pauseRunsPast(stored, pause.today)) throw invalid(ruleDetail("from", "pause_not_ended", span));
}

function invalid(detail: ErrorDetail): AppError {
  return new AppError("validation_failed", { details: [detail] });
}
