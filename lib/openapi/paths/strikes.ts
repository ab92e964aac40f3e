import { UserIdParams } from "@/lib/schemas/user-input";
import { authFor, errorResponse, registry } from "../registry";

// Strikes for no-shows and late cancellations (issue 33 §4): the block they start is lifted here.

const admin = authFor("admin");

registry.registerPath({
  method: "post",
  path: "/users/{userId}/strikes/clear",
  operationId: "clearStrikes",
  tags: ["Bookings"],
  summary: "Lift a member's strikes and the block on booking they started",
  description:
    "The member's strikes so far (no-shows marked, late cancellations made: the account's `bookingPolicy` strikes) no longer " +
    "count, so a block on booking (POST /bookings 409 `Booking is blocked`) ends now; later strikes count afresh, and a block " +
    "they start is emailed again. Someone who is not a member here (another studio's person included): 404.",
  security: admin.security,
  request: { params: UserIdParams },
  responses: {
    204: { description: "Lifted; no body" },
    ...admin.responses,
    404: errorResponse(404, "Resource not found"),
  },
});
