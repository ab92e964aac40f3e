import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { strikeBlockUntil } from "./strike-block";

export type Strike = {
  bookingId: string;
  kind: "no_show" | "late_cancel";
  struckAt: Date;
  /** The class the strike is about. */
  className: string;
  classStartsAt: Date;
};

export type MemberStrikes = {
  /** The studio's limit; 0: strikes are off. */
  limit: number;
  windowDays: number;
  /** The strikes within the window up to `now`, newest first (member_strikes). */
  strikes: Strike[];
  /** Until when booking is blocked, or null. */
  blockedUntil: Date | null;
};

/** A member's strikes and block as the person page shows them, as of `now`. */
export async function getMemberStrikes({
  db,
  accountId,
  userId,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  now?: Date;
}): Promise<MemberStrikes> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { strikeLimit: true, strikeWindowDays: true },
  });
  const since = new Date(now.getTime() - account.strikeWindowDays * 86_400_000);
  const [strikes, blockedUntil] = await Promise.all([
    db.$queryRaw<Strike[]>`
      SELECT s."bookingId", s."kind", s."struckAt", e."title" AS "className", i."startsAt" AS "classStartsAt"
        FROM member_strikes(${accountId}, ${userId}, ${since.toISOString()}::timestamp, ${now.toISOString()}::timestamp) s
        JOIN "Booking" b ON b."id" = s."bookingId" AND b."accountId" = ${accountId}
        JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = ${accountId}
        JOIN "Event" e ON e."id" = i."eventId" AND e."accountId" = ${accountId}
       ORDER BY s."struckAt" DESC, s."bookingId"`,
    strikeBlockUntil(db, { accountId, userId, now }),
  ]);
  return { limit: account.strikeLimit, windowDays: account.strikeWindowDays, strikes, blockedUntil };
}
