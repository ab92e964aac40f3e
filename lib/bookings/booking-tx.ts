import "server-only";
import type { Booking } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * The transaction client the booking steps run on: a transaction of `tenantDb(accountId)`. Model
 * queries on it are scoped to the account; raw queries are NOT, so every raw statement of
 * lib/bookings names `"accountId"` in its WHERE clause.
 */
export type BookingTx = Parameters<Parameters<TenantDb["$transaction"]>[0]>[0];

export type BookingRow = Booking;

/** A booking changed by a transaction, for the emails sent after it commits. */
export type BookingNotice = {
  kind: "confirmed" | "cancelled" | "promoted" | "cancelled_by_studio";
  bookingId: string;
  /** For cancellations: the booking was on the waitlist (no place, no credit involved). */
  wasWaitlisted?: boolean;
};
