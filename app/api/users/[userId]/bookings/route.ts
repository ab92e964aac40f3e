import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { endpoints, json, route } from "@/lib/http/route";
import { ListMyBookingsQuery, serializeMyBooking } from "@/lib/schemas/booking";
import { UserIdParams } from "@/lib/schemas/user-input";
import { getMemberOrThrow } from "@/lib/users/get-member-or-throw";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/bookings", {
  GET: route(
    { operation: "GET /users/{userId}/bookings", auth: "admin", params: UserIdParams, query: ListMyBookingsQuery },
    async ({ auth, params, query }) => {
      await getMemberOrThrow({ db: auth.db, userId: params.userId });
      return json((await listPersonBookings({ db: auth.db, userId: params.userId, ...query })).map(serializeMyBooking));
    },
  ),
});
