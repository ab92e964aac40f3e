import { bookInstance } from "@/lib/bookings/book-instance";
import { idempotent } from "@/lib/http/idempotency";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateBookingInput, serializeBooking } from "@/lib/schemas/booking";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/bookings", {
  POST: route(
    { operation: "POST /bookings", auth: "member", body: CreateBookingInput },
    async ({ auth, body, request }) =>
      idempotent(request, auth.userId, body, async () => {
        const booking = await bookInstance({ accountId: auth.accountId, actor: auth, input: body });
        return json(serializeBooking(booking), 201);
      }),
  ),
});
