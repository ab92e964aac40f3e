import "server-only";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { assertManagesInstance } from "@/lib/auth/instance-permission";
import { grantEntitlementIn } from "@/lib/commerce/grant-entitlement";
import { listProducts } from "@/lib/commerce/list-products";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { noEmailAddress } from "@/lib/users/stand-in-addresses";
import { AppError } from "@/lib/errors";
import { inviteUserIn } from "@/lib/users/invite-user";
import { bookInstanceIn } from "./book-instance";
import type { BookingRow } from "./booking-notice";
import { attendanceOpensAt, recordAttendance } from "./record-attendance";

/** Who walks in: a member found by search, or a new person (an email only if they give one). */
export type WalkInPerson = { attendeeId: string } | { displayName: string; email?: string };

export type WalkIn = { booking: BookingRow; attendeeId: string; checkedIn: boolean };

/**
 * The door of one class, in one step: staff who manage the class (an administrator, or a teacher of
 * it) add a person who is not yet a member (as an attendee; a given email that is already a member's
 * books that member), sell them a drop-in at the chosen price (`priceId`, a drop-in product's; the
 * desk's payment, as POST /users/{userId}/entitlements; someone new without one is refused before
 * being added: they hold no pass), book them by the booking statement's rules
 * (their own pass when nothing is sold), and, inside the check-in window at `now`, mark them
 * attended: they are standing at the door. All in one transaction: when any part is refused (the
 * last place taken meanwhile), nobody is added and nothing is sold. The booking's and the sale's
 * emails and webhooks wait in the outbox until it commits.
 */
export async function bookWalkIn({
  viewer,
  instanceId,
  person,
  priceId,
  now = new Date(),
}: {
  viewer: PersonAuth;
  instanceId: string;
  person: WalkInPerson;
  priceId?: string;
  /** The clock of the check-in window (tests inject one). */
  now?: Date;
}): Promise<WalkIn> {
  const instance = await viewer.db.instance.findFirst({
    where: { id: instanceId },
    select: { teacherIds: true, startsAt: true },
  });
  if (!instance) throw new AppError("not_found");
  assertManagesInstance(viewer, instance);
  const sale = priceId === undefined ? undefined : { priceId, productId: await dropInProductOf(viewer, priceId) };

  const walkIn = await inOneTransaction(viewer, async (tx) => {
    const attendeeId =
      "attendeeId" in person
        ? person.attendeeId
        : await walkInPerson(tx, viewer.accountId, person, { selling: sale !== undefined });
    const entitlementId = sale
      ? (await grantEntitlementIn(tx, { accountId: viewer.accountId, userId: attendeeId, input: sale })).id
      : undefined;
    const booking = await bookInstanceIn(tx, {
      tokenHash: viewer.session.tokenHash,
      input: { instanceId, attendeeId, ...(entitlementId ? { entitlementId } : {}) },
    });
    const checkedIn = booking.status === "confirmed" && now >= attendanceOpensAt(instance.startsAt);
    if (checkedIn) {
      await recordAttendance({ db: tx, actor: viewer, bookingId: booking.id, attendance: "attended", now });
    }
    return { booking, attendeeId, checkedIn };
  });
  return walkIn;
}

/**
 * Runs the step as one transaction, again when it lost a race (with-retry.ts) or when a concurrent
 * invitation of the same email took the identity first (the next run finds that member).
 */
async function inOneTransaction<T>(viewer: PersonAuth, step: (tx: TenantTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withRetry(() => viewer.db.$transaction(step, TRANSACTION_OPTIONS), { label: "walk-in" });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= INVITE_ATTEMPTS) throw error;
    }
  }
}

const INVITE_ATTEMPTS = 2;

/** The active drop-in product that `priceId` is a current price of; else 404. */
async function dropInProductOf(viewer: PersonAuth, priceId: string): Promise<string> {
  const products = await listProducts({ db: viewer.db });
  const product = products.find(
    (candidate) =>
      candidate.type === "drop_in" &&
      candidate.status === "active" &&
      candidate.prices.some((price) => price.id === priceId),
  );
  if (!product) throw new AppError("not_found");
  return product.id;
}

/**
 * The member an email names, else a new attendee of the account. Someone new holds no pass, so
 * without a sale they could not be booked: 402 before anybody is added.
 */
async function walkInPerson(
  tx: TenantTx,
  accountId: string,
  { displayName, email }: { displayName: string; email?: string },
  { selling }: { selling: boolean },
) {
  if (email !== undefined) {
    const member = await tx.membership.findFirst({ where: { email }, select: { userId: true } });
    if (member) return member.userId;
  }
  if (!selling) throw new AppError("no_valid_entitlement");
  const { user } = await inviteUserIn(tx, {
    accountId,
    email: email ?? noEmailAddress(),
    displayName,
    persona: "attendee",
  });
  return user.id;
}
