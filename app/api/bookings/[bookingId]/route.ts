import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { endpoints, json, route } from "@/lib/http/route";
import { BookingParams, CancelBookingQuery, UpdateBookingInput, serializeBooking } from "@/lib/schemas/booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/bookings/{bookingId}", {
  DELETE: route(
    { operation: "DELETE /bookings/{bookingId}", auth: "member", params: BookingParams, query: CancelBookingQuery },
    async ({ auth, params, query }) =>
      json(
        serializeBooking(
          await cancelBooking({
            db: auth.db,
            accountId: auth.accountId,
            actor: auth,
            bookingId: params.bookingId,
            refundCredit: query.refundCredit === "true",
          }),
        ),
      ),
  ),
  PATCH: route(
    { operation: "PATCH /bookings/{bookingId}", auth: "staff", params: BookingParams, body: UpdateBookingInput },
    async ({ auth, params, body }) =>
      json(
        serializeBooking(
          await recordAttendance({ db: auth.db, actor: auth, bookingId: params.bookingId, attendance: body.attendance }),
        ),
      ),
  ),
});
