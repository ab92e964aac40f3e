import { stopStandingBooking } from "@/lib/bookings/stop-standing-booking";
import { endpoints, json, route } from "@/lib/http/route";
import { StandingBookingParams, serializeStandingBooking } from "@/lib/schemas/standing-booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/standing-bookings/{standingBookingId}", {
  DELETE: route(
    {
      operation: "DELETE /me/standing-bookings/{standingBookingId}",
      auth: "member",
      personOnly: true,
      params: StandingBookingParams,
    },
    async ({ auth, params }) =>
      json(
        serializeStandingBooking(
          await stopStandingBooking({ db: auth.db, standingBookingId: params.standingBookingId, userId: auth.userId }),
        ),
      ),
  ),
});
