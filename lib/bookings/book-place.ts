import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingRow } from "./booking-notice";
import type { BookingOutcome } from "./booking-outcome";

export type PlaceRequest = {
  instanceId: string;
  attendeeId: string;
  entitlementId: string | null;
  at: Date;
  /** A full class puts the attendee on its waitlist (when the account has one). */
  waitlist?: boolean;
};

type PlaceResult = { outcome: BookingOutcome; booking: BookingRow | null };

/**
 * Books a place in the transaction's account by the rules of a real booking (capacity, credits,
 * one live booking each, the booking window), evaluated as of `at`, and dates the booking `at`: the
 * database function book_place (prisma/sql/functions/book_place.sql), which POST /bookings runs
 * too. For writers of past or seeded bookings (the demo fixture); requests go through
 * bookInstance. The booking, or the refusal's outcome.
 */
export async function bookPlaceAt(tx: TenantTx, input: PlaceRequest & { accountId: string }): Promise<PlaceResult> {
  const [result] = await bookPlacesAt(tx, input.accountId, [input]);
  return result!;
}

/**
 * Several bookPlaceAt in one statement, one after the other in the order given: each call of
 * book_place is a new statement inside the function, so it sees what the calls before it wrote
 * (a class filled by earlier requests is full for later ones). One result per request, in order.
 */
export async function bookPlacesAt(tx: TenantTx, accountId: string, requests: PlaceRequest[]): Promise<PlaceResult[]> {
  if (requests.length === 0) return [];
  const rows = await tx.$queryRaw<(BookingRow & { outcome: BookingOutcome; nowFull: boolean | null })[]>`
    SELECT p.* FROM unnest(${requests.map((r) => r.instanceId)}::text[], ${requests.map((r) => r.attendeeId)}::text[],
                           ${requests.map((r) => r.entitlementId)}::text[],
                           ${requests.map((r) => r.at.toISOString())}::timestamp[],
                           ${requests.map((r) => r.waitlist === true)}::boolean[])
                    WITH ORDINALITY AS r("instanceId", "attendeeId", "entitlementId", "at", "waitlist", "n")
    CROSS JOIN LATERAL book_place(${accountId}, r."instanceId", r."attendeeId", r."entitlementId", r."waitlist",
                                  r."at", r."at") AS p
    ORDER BY r."n"`;
  return rows.map(({ outcome, nowFull: _nowFull, ...booking }) => ({
    outcome,
    booking: outcome === "confirmed" || outcome === "waitlisted" ? booking : null,
  }));
}
