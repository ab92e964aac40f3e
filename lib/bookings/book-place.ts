import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingRow } from "./booking-notice";
import type { BookingOutcome } from "./booking-outcome";

/**
 * Books a place in the transaction's account by the rules of a real booking (capacity, credits,
 * one live booking each, the booking window), evaluated as of `at`, and dates the booking `at`: the
 * database function book_place (prisma/sql/functions/book_place.sql), which POST /bookings runs
 * too. For writers of past or seeded bookings (the demo fixture); requests go through
 * bookInstance. The booking, or the refusal's outcome.
 */
export async function bookPlaceAt(
  tx: TenantTx,
  input: { accountId: string; instanceId: string; attendeeId: string; entitlementId: string | null; at: Date },
): Promise<{ outcome: BookingOutcome; booking: BookingRow | null }> {
  const at = input.at.toISOString();
  const [row] = await tx.$queryRaw<(BookingRow & { outcome: BookingOutcome; nowFull: boolean | null })[]>`
    SELECT * FROM book_place(${input.accountId}, ${input.instanceId}, ${input.attendeeId}, ${input.entitlementId},
                             false, ${at}::timestamp, ${at}::timestamp)`;
  const { outcome, nowFull: _nowFull, ...booking } = row!;
  return { outcome, booking: outcome === "confirmed" ? booking : null };
}
