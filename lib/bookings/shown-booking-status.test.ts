import { describe, expect, it } from "vitest";
import { shownBookingStatus } from "./shown-booking-status";

const at = new Date("2026-03-10T12:00:00Z");
const refundedOrder = { status: "refunded", refundedAt: at };

describe("a booking's status as people read it", () => {
  it("is refunded when the studio cancelled it in its pass's refund", () => {
    const booking = { status: "cancelled_by_studio", cancelledAt: at, entitlement: { order: refundedOrder } };
    expect(shownBookingStatus(booking)).toBe("refunded");
  });

  it("keeps its own status when cancelled for another reason, or when nothing was refunded", () => {
    const earlier = new Date("2026-03-01T09:00:00Z");
    expect(
      shownBookingStatus({ status: "cancelled_by_studio", cancelledAt: earlier, entitlement: { order: refundedOrder } }),
    ).toBe("cancelled_by_studio");
    expect(
      shownBookingStatus({
        status: "cancelled_by_studio",
        cancelledAt: at,
        entitlement: { order: { status: "paid", refundedAt: null } },
      }),
    ).toBe("cancelled_by_studio");
    expect(shownBookingStatus({ status: "cancelled", cancelledAt: at, entitlement: { order: refundedOrder } })).toBe(
      "cancelled",
    );
    expect(shownBookingStatus({ status: "confirmed", cancelledAt: null, entitlement: null })).toBe("confirmed");
  });
});
