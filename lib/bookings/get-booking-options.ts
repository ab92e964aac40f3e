import "server-only";
import type { Booking, Entitlement, Price, Product } from "@prisma/client";
import { Prisma } from "@prisma/client";
import { isPausedAt } from "@/lib/commerce/entitlement-pause";
import { entitlementTerms } from "@/lib/commerce/entitlement-terms";
import { CURRENT_PRICES } from "@/lib/commerce/get-product-or-throw";
import { offeredTo } from "@/lib/commerce/newcomer";
import { isEligibleForPrice } from "@/lib/commerce/price-eligibility";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { formatDateTime, formatLocalDate } from "@/lib/format/dates";
import { formatLocaleOf } from "@/lib/i18n/format-locale";
import { chooseLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { toIsoDate } from "@/lib/schemas/common";
import { PUBLIC_PRODUCT_TYPES } from "@/lib/schemas/product";
import { strikeBlockUntil } from "@/lib/strikes/strike-block";
import { bookingWindow, type BookingWindowState } from "./booking-window";
import { waitlistPositions } from "./waitlist-positions";
import { coveringEntitlementsWhere, isCourseOnlyEvent } from "./covering-entitlements";

/** Why a class cannot be booked now, in the order POST /bookings checks (booking_verdict). */
export type BookingOptionsReason =
  | "not_bookable"
  | "not_open_yet"
  | "closed"
  | "started"
  | "already_booked"
  | "blocked"
  | "no_entitlement"
  | "full"
  | "waitlist_disabled";

export type BookingOptions = {
  instanceId: string;
  canBook: boolean;
  action: "book" | "waitlist" | "none";
  reason: BookingOptionsReason | null;
  message: string;
  opensAt: Date;
  closesAt: Date;
  /** With reason `blocked`: until when the caller's strikes block booking (lib/strikes). */
  blockedUntil: Date | null;
  booking: Booking | null;
  entitlement: Entitlement | null;
  products: (Product & { prices: Price[] })[];
  /** The entitlement a booking would use: its classes left (null: unlimited) and its product's name. */
  credit: { remainingClasses: number | null; productName: string } | null;
  /**
   * Whether the person holds any pass or membership here now (active, not expired, classes left),
   * whether or not it covers this class: without one, the site invites them to buy one; with one
   * that does not apply, it says the passes do not cover the class.
   */
  holdsPass: boolean;
};

/** A row of the verdict query: booking_verdict's answer (asked with the waitlist) and what explains it. */
type VerdictRow = {
  instanceId: string;
  verdict: string;
  window: BookingWindowState | null;
  status: string | null;
  audience: string | null;
  eventId: string | null;
  startsAt: Date | null;
  entitlementId: string | null;
  remainingClasses: number | null;
  productName: string | null;
  bookingId: string | null;
  holdsPass: boolean;
};

/**
 * What the caller could do about one class now, decided by the code POST /bookings runs: the
 * database's booking_verdict (asked as a request with `waitlist: true`, so a full class answers
 * whether its waitlist is open), the booking window's state for a closed one, and the usable
 * entitlement a booking would take. 404 for an unknown or foreign instance and for one the caller
 * cannot see (audience `groups` without them); `message` is a sentence in the caller's language.
 */
export async function getBookingOptions(options: {
  db: TenantDb;
  accountId: string;
  userId: string;
  instanceId: string;
  /** The language a visitor chose on the site's switcher (its cookie), when the caller is a browser. */
  visitorLocale?: string;
  now?: Date;
}): Promise<BookingOptions> {
  const { db, accountId, userId, instanceId } = options;
  const now = options.now ?? new Date();
  const [row] = await readVerdicts({ db, accountId, userId, instanceIds: [instanceId], now });
  if (!row || isHidden(row) || !row.startsAt || !row.eventId) throw new AppError("not_found");

  const [account, user, booking, entitlement] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId } }),
    db.user.findUniqueOrThrow({ where: { id: userId } }),
    row.bookingId ? db.booking.findFirst({ where: { id: row.bookingId } }) : null,
    row.entitlementId ? db.entitlement.findFirst({ where: { id: row.entitlementId } }) : null,
  ]);
  const decision = decide(row);
  const { opensAt, closesAt } = bookingWindow(row.startsAt, account);
  const noEntitlement = decision.reason === "no_entitlement";
  const [products, pausedUntil] = noEntitlement
    ? await Promise.all([
        productsThatWouldBook({
          db,
          eventId: row.eventId,
          startsAt: row.startsAt,
          buyer: user,
          buyerId: userId,
          timezone: account.timezone,
          now,
        }),
        pausedUntilFor({ db, userId, eventId: row.eventId, startsAt: row.startsAt, timezone: account.timezone }),
      ])
    : [[], null];
  const queuedAt = booking ? (await waitlistPositions(db, [booking])).get(booking.id) : undefined;
  const blockedUntil = decision.reason === "blocked" ? await strikeBlockUntil(db, { accountId, userId, now }) : null;

  const language = chooseLocale({
    personal: user.locale,
    visitor: options.visitorLocale,
    studioLocaleTag: account.locale,
  });
  const where = { zone: account.timezone, locale: formatLocaleOf(language, account.locale) };
  const t = translatorFor(language, "BookingOptions");
  const messages: Record<BookingOptionsReason | "book", string> = {
    book: t("book"),
    not_bookable: t("notBookable"),
    not_open_yet: t("notOpenYet", { opensAt: formatDateTime(opensAt, where) }),
    closed: t("closed", { closesAt: formatDateTime(closesAt, where) }),
    started: t("started"),
    already_booked:
      booking?.status !== "waitlisted"
        ? t("alreadyBooked")
        : queuedAt
          ? t("onWaitlistAt", { position: queuedAt })
          : t("onWaitlist"),
    blocked: t("blocked", { until: blockedUntil ? formatDateTime(blockedUntil, where) : "" }),
    no_entitlement: pausedUntil
      ? t("paused", { until: formatLocalDate(toIsoDate(pausedUntil)!, where) })
      : t("noEntitlement"),
    full: t("full"),
    waitlist_disabled: t("waitlistDisabled"),
  };
  return {
    instanceId,
    ...decision,
    message: messages[decision.reason ?? "book"],
    opensAt,
    closesAt,
    blockedUntil,
    booking,
    entitlement,
    products,
    credit: creditOf(row),
    holdsPass: row.holdsPass,
  };
}

/** booking_verdict for each instance (asked with the waitlist) and what explains its answer, in one statement. */
async function readVerdicts(options: {
  db: TenantDb;
  accountId: string;
  userId: string;
  instanceIds: string[];
  now: Date;
}): Promise<VerdictRow[]> {
  const { db, accountId, userId, instanceIds } = options;
  const now = Prisma.sql`${options.now.toISOString()}::timestamp`;
  return db.$queryRaw<VerdictRow[]>`
    SELECT x."id" AS "instanceId", v."verdict",
           booking_window_state(${now}, i."startsAt", a."opensDaysBefore", a."closesMinutesBefore") AS "window",
           i."status", i."audience", i."eventId", i."startsAt", usable."id" AS "entitlementId",
           e."remainingClasses", p."name" AS "productName",
           (SELECT b."id" FROM "Booking" b
             WHERE b."accountId" = ${accountId} AND b."instanceId" = i."id" AND b."attendeeId" = ${userId}
               AND b."status" IN ('confirmed', 'waitlisted') LIMIT 1) AS "bookingId",
           EXISTS (SELECT 1 FROM "Entitlement" h
             WHERE h."accountId" = ${accountId} AND h."userId" = ${userId} AND h."status" = 'active'
               AND (h."validUntil" IS NULL OR h."validUntil" > ${now})
               AND (h."remainingClasses" IS NULL OR h."remainingClasses" > 0)) AS "holdsPass"
      FROM unnest(${instanceIds}::text[]) AS x("id")
      CROSS JOIN LATERAL booking_verdict(${accountId}, x."id", ${userId}, NULL, ${now}, true) v
      LEFT JOIN ("Instance" i JOIN "Account" a ON a."id" = i."accountId")
             ON i."id" = x."id" AND i."accountId" = ${accountId}
      LEFT JOIN LATERAL (SELECT u AS "id" FROM usable_entitlements(${accountId}, ${userId}, i."eventId", i."startsAt") u LIMIT 1) usable ON true
      LEFT JOIN "Entitlement" e ON e."id" = usable."id" AND e."accountId" = ${accountId}
      LEFT JOIN "Product" p ON p."id" = e."productId" AND p."accountId" = ${accountId}`;
}

/** Unknown to the caller: not found, or a class of groups they are in none of (not cancelled, not for nobody). */
function isHidden(row: VerdictRow): boolean {
  if (row.verdict === "not_found") return true;
  return row.verdict === "instance_not_bookable" && row.status !== "cancelled" && row.audience === "groups";
}

/** What the schedule says about a class before a tap: the decision and the credit a booking would take. */
export type BookingDecision = Pick<BookingOptions, "canBook" | "action" | "reason" | "credit" | "holdsPass">;

/**
 * The decisions of getBookingOptions for many classes at once (a week of the schedule), in one
 * statement; classes the caller cannot see are left out.
 */
export async function listBookingDecisions(options: {
  db: TenantDb;
  accountId: string;
  userId: string;
  instanceIds: string[];
  now?: Date;
}): Promise<Map<string, BookingDecision>> {
  if (options.instanceIds.length === 0) return new Map();
  const rows = await readVerdicts({ ...options, now: options.now ?? new Date() });
  return new Map(
    rows
      .filter((row) => !isHidden(row))
      .map((row) => [row.instanceId, { ...decide(row), credit: creditOf(row), holdsPass: row.holdsPass }]),
  );
}

function creditOf(row: VerdictRow): BookingOptions["credit"] {
  return row.productName ? { remainingClasses: row.remainingClasses, productName: row.productName } : null;
}

/** booking_verdict's answer, asked with the waitlist, as the options' decision. */
function decide(row: VerdictRow): Pick<BookingOptions, "canBook" | "action" | "reason"> {
  const none = (reason: BookingOptionsReason) => ({ canBook: false, action: "none" as const, reason });
  switch (row.verdict) {
    case "confirm":
      return { canBook: true, action: "book", reason: null };
    case "waitlist":
      return { canBook: false, action: "waitlist", reason: "full" };
    case "instance_full":
      return none("waitlist_disabled");
    case "instance_not_bookable":
      return none("not_bookable");
    case "booking_closed":
      return none(row.window === "not_open_yet" || row.window === "started" ? row.window : "closed");
    case "already_booked":
      return none("already_booked");
    case "booking_blocked":
      return none("blocked");
    case "no_valid_entitlement":
      return none("no_entitlement");
    default:
      throw new Error(`booking_verdict answered ${row.verdict}`);
  }
}

/**
 * The end of the pause (`pausedUntil`) of an entitlement that would cover this class but for its
 * pause (coveringEntitlementsWhere and isPausedAt: usable_entitlements' rule), the latest when
 * several; null for none.
 */
async function pausedUntilFor(options: {
  db: TenantDb;
  userId: string;
  eventId: string;
  startsAt: Date;
  timezone: string;
}): Promise<Date | null> {
  const { db, userId, eventId, startsAt, timezone } = options;
  const courseOnly = await isCourseOnlyEvent(db, eventId);
  const paused = await db.entitlement.findMany({
    where: { ...coveringEntitlementsWhere({ userId, eventId, startsAt, courseOnly }), pausedUntil: { not: null } },
    select: { pausedFrom: true, pausedUntil: true },
  });
  const ends = paused.filter((pause) => isPausedAt(pause, startsAt, timezone)).map((pause) => pause.pausedUntil!);
  return ends.length > 0 ? new Date(Math.max(...ends.map((end) => end.getTime()))) : null;
}

/**
 * Active products on sale whose purchase now would give an entitlement for this class: eligible for
 * its event, valid at its start, with the prices the buyer may pay (age rules; intro offers to a newcomer only,
 * and first); none without such a price,
 * and none for a class of a course that does not allow drop-ins (booked through enrolment only).
 */
async function productsThatWouldBook(options: {
  db: TenantDb;
  eventId: string;
  startsAt: Date;
  buyer: { dateOfBirth: Date | null };
  buyerId: string;
  timezone: string;
  now: Date;
}): Promise<(Product & { prices: Price[] })[]> {
  const { db, eventId, startsAt, buyer, buyerId, timezone, now } = options;
  if (await isCourseOnlyEvent(db, eventId)) return [];
  const products = await db.product.findMany({
    where: {
      status: "active",
      type: { in: [...PUBLIC_PRODUCT_TYPES] },
      OR: [{ eligibleEventIds: { isEmpty: true } }, { eligibleEventIds: { has: eventId } }],
    },
    include: CURRENT_PRICES,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return (await offeredTo(db, buyerId, products)).flatMap((product) => {
    const prices = product.prices.filter((price) => {
      if (!isEligibleForPrice(price, buyer, { timezone, now })) return false;
      const terms = entitlementTerms(product, price, now);
      const hasClasses = terms.remainingClasses === null || terms.remainingClasses > 0;
      return hasClasses && (terms.validUntil === null || terms.validUntil > startsAt);
    });
    return prices.length > 0 ? [{ ...product, prices }] : [];
  });
}
