import { createStandingBooking } from "@/lib/bookings/create-standing-booking";
import { listStandingBookings } from "@/lib/bookings/list-standing-bookings";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateStandingBookingInput, serializeStandingBooking } from "@/lib/schemas/standing-booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/standing-bookings", {
  GET: route({ operation: "GET /me/standing-bookings", auth: "member", personOnly: true }, async ({ auth }) =>
    json((await listStandingBookings({ db: auth.db, userId: auth.userId })).map(serializeStandingBooking)),
  ),
  POST: route(
    { operation: "POST /me/standing-bookings", auth: "member", personOnly: true, body: CreateStandingBookingInput },
    async ({ auth, body }) => {
      const { standingBooking, created } = await createStandingBooking({
        db: auth.db,
        accountId: auth.accountId,
        userId: auth.userId,
        seriesId: body.seriesId,
        byAdministrator: false,
      });
      return json(serializeStandingBooking(standingBooking), created ? 201 : 200);
    },
  ),
});
