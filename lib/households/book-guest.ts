import "server-only";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { bookInstanceIn } from "@/lib/bookings/book-instance";
import type { BookingRow } from "@/lib/bookings/booking-notice";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { noEmailAddress } from "@/lib/users/stand-in-addresses";
import { AppError } from "@/lib/errors";

export type GuestBookingInput = {
  instanceId: string;
  entitlementId?: string;
  waitlist?: boolean;
  guest: { displayName: string; email?: string };
};

const ATTEMPTS = 3;

/**
 * A person brings a guest to a class (POST /bookings with `guest`, decision 0038), in one transaction:
 * the guest's identity found or made by email (without one, a new identity with `guardianId` the host,
 * whose emails go to the host), an attendee membership, and the booking through the booking
 * function (book_instance with `p_guest`), whose rules are every booking's (capacity, waitlist,
 * window) plus the account's guestsPerBooking (409 `Guests are not allowed`, `Too many guests`),
 * the credit taken from the host's pass. A refusal rolls the identity back with it. The guest with
 * an email of their own gets the confirmation; the host sees and may cancel the booking.
 */
export async function bookGuest({
  host,
  tokenHash,
  input,
}: {
  /** The session's holder, authenticated: the host. */
  host: Auth;
  tokenHash: string;
  input: GuestBookingInput;
}): Promise<BookingRow> {
  if (host.kind !== "person") throw new AppError("insufficient_permission"); // an API key brings no guest
  for (let attempt = 1; ; attempt++) {
    try {
      const booking = await withRetry(
        () =>
          host.db.$transaction(async (tx) => {
            const guestId = await guestIdentity(tx, host.accountId, host.userId, input.guest);
            const { guest: _guest, ...booking } = input;
            return bookInstanceIn(tx, {
              tokenHash,
              input: { ...booking, attendeeId: guestId, guest: true },
            });
          }, TRANSACTION_OPTIONS),
        { label: "POST /bookings (guest)" },
      );
      return booking;
    } catch (error) {
      // A concurrent booking made the same guest's identity or membership first: run again.
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The guest's identity (found by email, or new) with an attendee membership in the account. */
async function guestIdentity(
  tx: TenantTx,
  accountId: string,
  hostId: string,
  guest: GuestBookingInput["guest"],
): Promise<string> {
  const user = guest.email
    ? await tx.user.upsert({
        where: { email: guest.email },
        create: { email: guest.email, displayName: guest.displayName, status: "active" },
        update: {},
      })
    : await tx.user.create({
        data: { email: noEmailAddress(), displayName: guest.displayName, status: "active", guardianId: hostId },
      });
  if (user.id === hostId) throw new AppError("already_booked"); // bringing oneself: the host books as themselves
  await tx.membership.upsert({
    where: { accountId_userId: { accountId, userId: user.id } },
    create: { accountId, userId: user.id, persona: "attendee" },
    update: {},
  });
  return user.id;
}
