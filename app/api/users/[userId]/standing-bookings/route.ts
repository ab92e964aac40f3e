import { createStandingBooking } from "@/lib/bookings/create-standing-booking";
import { listStandingBookings } from "@/lib/bookings/list-standing-bookings";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateStandingBookingInput, serializeStandingBooking } from "@/lib/schemas/standing-booking";
import { UserIdParams } from "@/lib/schemas/user-input";
import { getMemberOrThrow } from "@/lib/users/get-member-or-throw";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/standing-bookings", {
  GET: route(
    { operation: "GET /users/{userId}/standing-bookings", auth: "admin", params: UserIdParams },
    async ({ auth, params }) => {
      await getMemberOrThrow({ db: auth.db, userId: params.userId });
      return json((await listStandingBookings({ db: auth.db, userId: params.userId })).map(serializeStandingBooking));
    },
  ),
  POST: route(
    {
      operation: "POST /users/{userId}/standing-bookings",
      auth: "admin",
      params: UserIdParams,
      body: CreateStandingBookingInput,
    },
    async ({ auth, params, body }) => {
      await getMemberOrThrow({ db: auth.db, userId: params.userId });
      const { standingBooking, created } = await createStandingBooking({
        db: auth.db,
        accountId: auth.accountId,
        userId: params.userId,
        seriesId: body.seriesId,
        byAdministrator: true,
      });
      return json(serializeStandingBooking(standingBooking), created ? 201 : 200);
    },
  ),
});
