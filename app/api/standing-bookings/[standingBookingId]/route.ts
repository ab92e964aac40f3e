import { stopStandingBooking } from "@/lib/bookings/stop-standing-booking";
import { endpoints, json, route } from "@/lib/http/route";
import { StandingBookingParams, serializeStandingBooking } from "@/lib/schemas/standing-booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/standing-bookings/{standingBookingId}", {
  DELETE: route(
    { operation: "DELETE /standing-bookings/{standingBookingId}", auth: "admin", params: StandingBookingParams },
    async ({ auth, params }) =>
      json(serializeStandingBooking(await stopStandingBooking({ db: auth.db, standingBookingId: params.standingBookingId }))),
  ),
});
