import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { PauseEntitlementInput } from "@/lib/schemas/entitlement";
import { toIsoDate } from "@/lib/schemas/common";
import { dateOnly, daysBetween, shiftByDays, studioDbDate } from "./entitlement-pause";
import { moveValidity } from "./move-validity";

/**
 * An administrator pauses an entitlement from `from` until `until` (the studio's dates, until
 * exclusive): classes starting on those days are not covered (usable_entitlements), and its
 * `validUntil` (so the next renewal) and any `cancelAt` move later by the pause's length.
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
}): Promise<Entitlement> {
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
    throw invalid("from", "The entitlement ends before the pause starts");
  return moveValidity(db, entitlement, {
    pause: { pausedFrom: from, pausedUntil: until },
    validUntil: entitlement.validUntil && shiftByDays(entitlement.validUntil, daysBetween(from, until), timezone),
  });
}

function refuseClash(
  stored: Pick<Entitlement, "pausedFrom" | "pausedUntil">,
  pause: { from: Date; until: Date; today: Date },
): void {
  if (!stored.pausedFrom || !stored.pausedUntil) return;
  const span = `${toIsoDate(stored.pausedFrom)} until ${toIsoDate(stored.pausedUntil)}`;
  if (pause.from < stored.pausedUntil && stored.pausedFrom < pause.until)
    throw invalid("from", `Overlaps the pause from ${span}`);
  if (stored.pausedUntil > pause.today)
    throw invalid("from", `One pause at a time: the pause from ${span} has not ended`);
}

function invalid(path: string, message: string): AppError {
  return new AppError("validation_failed", { details: [{ path, message }] });
}
