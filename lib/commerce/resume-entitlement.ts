import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { shiftByStudioDays } from "@/lib/studio-time/day";
import { dateOnly, daysBetween, pauseRunsPast, studioDbDate } from "./entitlement-pause";
import { moveValidity } from "./move-validity";

/**
 * Ends a pause early: from `on` (default today, the studio's date) classes are covered again.
 * `pausedUntil` becomes `on` and `validUntil` (and `cancelAt`) move back by the days not used; a
 * pause that has not started yet (`on` ≤ `pausedFrom`) is removed whole. 409 `not_paused` when no
 * pause runs past `on`.
 */
export async function resumeEntitlement({
  db,
  entitlementId,
  on,
  now = new Date(),
}: {
  db: TenantDb;
  entitlementId: string;
  on?: string;
  now?: Date;
}): Promise<Entitlement> {
  const entitlement = await db.entitlement.findFirst({
    where: { id: entitlementId },
    include: { account: { select: { timezone: true } } },
  });
  if (!entitlement) throw new AppError("not_found");
  const { pausedFrom, pausedUntil } = entitlement;
  const timezone = entitlement.account.timezone;
  const resumeOn = on ? dateOnly(on) : studioDbDate(now, timezone);
  if (!pauseRunsPast(entitlement, resumeOn) || !pausedFrom || !pausedUntil) throw new AppError("not_paused");
  const whole = resumeOn <= pausedFrom;
  const unused = daysBetween(whole ? pausedFrom : resumeOn, pausedUntil);
  return moveValidity(db, entitlement, {
    pause: whole ? { pausedFrom: null, pausedUntil: null } : { pausedFrom, pausedUntil: resumeOn },
    validUntil: entitlement.validUntil && shiftByStudioDays(entitlement.validUntil, -unused, timezone),
  });
}
