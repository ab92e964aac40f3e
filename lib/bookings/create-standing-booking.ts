import "server-only";
import type { Prisma, StandingBooking } from "@prisma/client";
import { sqlState } from "@/lib/db/errors";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { sweepStandingBookings } from "./sweep-standing-bookings";

/** Series a person may keep a place in: of a published event, not ended. */
const SERIES_A_PERSON_SEES = { status: { not: "ended" }, event: { status: "published" } } satisfies Prisma.SeriesWhereInput;

/**
 * Gives `userId` a standing place in a series (decision 0035): 409 `Standing bookings are off`
 * unless the studio's policy has `standingBookings`; 404 for a series of another studio, or (for the
 * person themselves, `byAdministrator` false) one they may not see (an unpublished event's, or
 * ended). A person who already keeps an active place in the series gets that one. The classes whose
 * booking window is open are booked at once, before this answers; later ones by the sweep.
 * `created`: false when the place already existed.
 */
export async function createStandingBooking({
  db,
  accountId,
  userId,
  seriesId,
  byAdministrator,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  seriesId: string;
  byAdministrator: boolean;
  now?: Date;
}): Promise<{ standingBooking: StandingBooking; created: boolean }> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { standingBookings: true } });
  if (!account.standingBookings) throw new AppError("standing_bookings_off");
  const series = await db.series.findFirst({
    where: { id: seriesId, ...(byAdministrator ? {} : SERIES_A_PERSON_SEES) },
    select: { id: true },
  });
  if (!series) throw new AppError("not_found");
  const existing = await activeStandingBooking(db, userId, seriesId);
  if (existing) return { standingBooking: existing, created: false };
  let standingBooking: StandingBooking;
  try {
    standingBooking = await db.standingBooking.create({ data: { accountId, userId, seriesId } });
  } catch (error) {
    // a concurrent twin won the partial unique index "StandingBooking_one_active"
    const twin = sqlState(error) === "23505" ? await activeStandingBooking(db, userId, seriesId) : null;
    if (!twin) throw error;
    return { standingBooking: twin, created: false };
  }
  await sweepStandingBookings({ now, standingBookingId: standingBooking.id });
  return { standingBooking, created: true };
}

function activeStandingBooking(db: TenantDb, userId: string, seriesId: string): Promise<StandingBooking | null> {
  return db.standingBooking.findFirst({ where: { userId, seriesId, status: "active" } });
}
