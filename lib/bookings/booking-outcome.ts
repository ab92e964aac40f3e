import type { ErrorCode } from "@/lib/errors";

/** A booking made: the booking's status. */
export const BOOKED_OUTCOMES = ["confirmed", "waitlisted"] as const;
/** What a booking would do, when only looked at (book_instance's 'look' mode, booking_verdict). */
export const VERDICT_OUTCOMES = ["confirm", "waitlist"] as const;

/**
 * What the booking functions of prisma/sql/functions answer: a booking made, a verdict, or a refusal
 * named by its key in the error table (lib/errors.ts). sql-functions.test.ts fails when a function
 * can answer anything else.
 */
export type BookingOutcome = ErrorCode | (typeof BOOKED_OUTCOMES)[number] | (typeof VERDICT_OUTCOMES)[number];
