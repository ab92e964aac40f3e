/** What a booking needs for shownBookingStatus: its status, and the order behind its pass. */
export type BookingWithOrder = {
  status: string;
  cancelledAt: Date | null;
  entitlement: { order: { status: string; refundedAt: Date | null } | null } | null;
};

/**
 * A booking's status as its attendee and the desk read it: `refunded` for a booking the studio
 * cancelled because the order of its pass was refunded (order-events.ts cancels them in the
 * refund's transaction, at the refund's instant), else the stored status. A booking cancelled
 * for another reason (a cancelled class) before a later refund keeps its own status.
 */
export function shownBookingStatus(booking: BookingWithOrder): string {
  const order = booking.entitlement?.order;
  const byRefund =
    booking.status === "cancelled_by_studio" &&
    order?.status === "refunded" &&
    order.refundedAt !== null &&
    booking.cancelledAt?.getTime() === order.refundedAt.getTime();
  return byRefund ? "refunded" : booking.status;
}

/** Whether a booking still holds (or waits for) a place: the ones listed as upcoming. */
export function isLiveBooking(booking: { status: string }): boolean {
  return booking.status === "confirmed" || booking.status === "waitlisted";
}
