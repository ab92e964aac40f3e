import "server-only";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { bookGuest } from "@/lib/households/book-guest";
import type { CreateBookingInput } from "@/lib/schemas/booking";
import { bookInstance } from "./book-instance";
import type { BookingRow } from "./booking-notice";

/**
 * POST /bookings's one choice, for the API and the studio's site alike: a guest the caller brings
 * (`guest`, decision 0038: bookGuest, the credit the host's) or a booking of the caller's own or of
 * someone they book for (`attendeeId`: book_instance, which authenticates the session itself).
 * `host` is who brings the guest; the API resolves its session only when there is a guest.
 */
export async function createBooking({
  tokenHash,
  host,
  input,
}: {
  tokenHash: string;
  host: Auth | (() => Promise<Auth>);
  input: CreateBookingInput;
}): Promise<BookingRow> {
  const { guest, ...own } = input;
  if (!guest) return bookInstance({ tokenHash, input: own });
  return bookGuest({ host: typeof host === "function" ? await host() : host, tokenHash, input: { ...own, guest } });
}
