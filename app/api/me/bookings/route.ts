import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { readHousehold } from "@/lib/households/household-scope";
import { endpoints, json, route } from "@/lib/http/route";
import { ListMyBookingsQuery, serializeMyBooking } from "@/lib/schemas/booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/bookings", {
  GET: route(
    { operation: "GET /me/bookings", auth: "member", personOnly: true, query: ListMyBookingsQuery },
    async ({ auth, query }) =>
      json(
        (
          await listPersonBookings({
            db: auth.db,
            userId: auth.userId,
            household: await readHousehold(auth.db, auth.userId),
            ...query,
          })
        ).map(serializeMyBooking),
      ),
  ),
});
