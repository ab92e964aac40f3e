import "server-only";
import { createHmac } from "node:crypto";
import { Prisma } from "@prisma/client";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { emailLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { buildCalendar, type CalendarEvent } from "./ics";

/** Cancelled bookings stay in the feed (as STATUS:CANCELLED) this long after their cancellation. */
const CANCELLED_KEPT_MS = 30 * 86_400_000;
/** Classes that ended longer ago than this leave the feed: calendar apps keep what they saw. */
const HISTORY_MS = 30 * 86_400_000;
const LIVE_STATUSES = ["confirmed", "waitlisted"];

/**
 * The URL token of a feed: an HMAC of its id under AUTH_SECRET. Only its SHA-256 is stored (like a
 * session's); deriving it lets GET /me/calendar answer the same URL on every call without storing it.
 */
function feedToken(feedId: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`calendar-feed:${feedId}`).digest("base64url");
}

function feedUrl(feedId: string): string {
  return `${env().APP_URL}/api/calendar/${feedToken(feedId)}.ics`;
}

/** The member's feed URL in the active account, made on first use (concurrent first calls agree). */
export async function getOrCreateCalendarFeed(options: {
  db: TenantDb;
  accountId: string;
  userId: string;
}): Promise<{ url: string }> {
  const { db: tenant, accountId, userId } = options;
  const existing = await tenant.calendarFeed.findFirst({ where: { userId }, select: { id: true } });
  if (existing) return { url: feedUrl(existing.id) };
  const id = crypto.randomUUID();
  try {
    await tenant.calendarFeed.create({ data: { id, accountId, userId, tokenHash: hashToken(feedToken(id)) } });
    return { url: feedUrl(id) };
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    const made = await tenant.calendarFeed.findFirstOrThrow({ where: { userId }, select: { id: true } });
    return { url: feedUrl(made.id) }; // another request made it first
  }
}

/** Revokes the member's feed URL in the active account (nothing to do when there is none). */
export async function revokeCalendarFeed(options: { db: TenantDb; userId: string }): Promise<void> {
  await options.db.calendarFeed.deleteMany({ where: { userId: options.userId } });
}

/**
 * The feed behind a URL token as an RFC 5545 document, or null when the token is unknown (revoked),
 * the person is disabled or no longer a member, or the studio is suspended. It holds the member's
 * confirmed and waitlisted bookings of that studio (classes from 30 days ago on) at their current
 * times, and the bookings cancelled in the last 30 days as STATUS:CANCELLED, each under the UID of the
 * booking's confirmation email (`booking-<id>@<host>`), so a subscribed calendar updates one event.
 */
export async function renderPersonalFeed(token: string, now: Date): Promise<string | null> {
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      accountId: true,
      userId: true,
      account: { select: { name: true, locale: true, status: true } },
      user: { select: { status: true, locale: true } },
    },
  });
  if (!feed || feed.account.status !== "active" || feed.user.status === "disabled") return null;
  const member = await db.membership.findUnique({
    where: { accountId_userId: { accountId: feed.accountId, userId: feed.userId } },
    select: { userId: true },
  });
  if (!member) return null;

  const bookings = await db.booking.findMany({
    where: {
      accountId: feed.accountId,
      attendeeId: feed.userId,
      instance: { endsAt: { gte: new Date(now.getTime() - HISTORY_MS) } },
      OR: [{ status: { in: LIVE_STATUSES } }, { cancelledAt: { gte: new Date(now.getTime() - CANCELLED_KEPT_MS) } }],
    },
    select: {
      id: true,
      status: true,
      instance: {
        select: {
          startsAt: true,
          endsAt: true,
          calendarSequence: true,
          event: { select: { title: true, location: true, locationId: true } },
        },
      },
    },
    orderBy: [{ instance: { startsAt: "asc" } }, { id: "asc" }],
  });

  const locationIds = [...new Set(bookings.flatMap((booking) => booking.instance.event.locationId ?? []))];
  const locations = new Map(
    (
      await db.location.findMany({
        where: { accountId: feed.accountId, id: { in: locationIds } },
        select: { id: true, name: true, address: true },
      })
    ).map((location) => [location.id, [location.name, location.address]]),
  );
  const locale = emailLocale({ recipient: feed.user.locale, studioLocaleTag: feed.account.locale });
  const t = translatorFor(locale, "PersonalCalendar");
  const bookedWith = translatorFor(locale, "CalendarText")("bookedWith", { studio: feed.account.name });
  const host = new URL(env().APP_URL).hostname;
  const events: CalendarEvent[] = bookings.map(({ id, status, instance }) => {
    const { event } = instance;
    const place = (event.locationId && locations.get(event.locationId)) || [event.location];
    return {
      uid: `booking-${id}@${host}`,
      start: instance.startsAt,
      end: instance.endsAt,
      summary: status === "waitlisted" ? t("waitlisted", { title: event.title }) : event.title,
      description: bookedWith,
      location: place.filter(Boolean).join(", ") || undefined,
      status: status === "confirmed" ? "CONFIRMED" : status === "waitlisted" ? "TENTATIVE" : "CANCELLED",
      sequence: instance.calendarSequence,
    };
  });
  return buildCalendar({ name: t("name", { studio: feed.account.name }), now, events });
}
