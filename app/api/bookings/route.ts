import { createBooking } from "@/lib/bookings/create-booking";
import { authenticateCredential } from "@/lib/auth/authenticate-credential";
import { idempotent } from "@/lib/http/idempotency";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateBookingInput, serializeBooking } from "@/lib/schemas/booking";

// The booking statement authenticates the session itself (auth "credential"): one round trip.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/bookings", {
  POST: route(
    { operation: "POST /bookings", auth: "credential", body: CreateBookingInput },
    async ({ auth, credential, body, request }) => {
      const caller = async () => auth ?? (await authenticateCredential(credential));
      const book = async () =>
        json(
          serializeBooking(await createBooking({ tokenHash: credential.tokenHash, host: caller, input: body })),
          201,
        );
      if (!request.headers.has("idempotency-key")) return book();
      // the key is kept per caller (an API key's credential is resolved already)
      return idempotent(request, await caller(), body, book);
    },
  ),
});
