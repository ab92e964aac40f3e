import { claimOffer } from "@/lib/bookings/claim-offer";
import { endpoints, json, route } from "@/lib/http/route";
import { BookingParams, serializeBooking } from "@/lib/schemas/booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/bookings/{bookingId}/claim", {
  POST: route(
    { operation: "POST /bookings/{bookingId}/claim", auth: "member", personOnly: true, params: BookingParams },
    async ({ auth, params }) =>
      json(
        serializeBooking(
          await claimOffer({ db: auth.db, accountId: auth.accountId, actor: auth, bookingId: params.bookingId }),
        ),
      ),
  ),
});
