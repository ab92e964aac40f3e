import { promoteBooking } from "@/lib/bookings/promote-booking";
import { endpoints, json, route } from "@/lib/http/route";
import { BookingParams, PromoteBookingInput, serializeBooking } from "@/lib/schemas/booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/bookings/{bookingId}/promote", {
  POST: route(
    {
      operation: "POST /bookings/{bookingId}/promote",
      auth: "staff",
      params: BookingParams,
      body: PromoteBookingInput,
    },
    async ({ auth, params, body }) =>
      json(
        serializeBooking(
          await promoteBooking({
            db: auth.db,
            accountId: auth.accountId,
            actor: auth,
            bookingId: params.bookingId,
            entitlementId: body?.entitlementId,
            extraPlace: body?.extraPlace,
          }),
        ),
      ),
  ),
});
