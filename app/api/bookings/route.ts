import { bookInstance } from "@/lib/bookings/book-instance";
import { bookGuest } from "@/lib/households/book-guest";
import { authenticateCredential } from "@/lib/auth/authenticate-credential";
import { idempotent } from "@/lib/http/idempotency";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateBookingInput, serializeBooking } from "@/lib/schemas/booking";

// The booking statement authenticates the session itself (auth "credential"): one round trip.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/bookings", {
  POST: route(
    { operation: "POST /bookings", auth: "credential", body: CreateBookingInput },
    async ({ auth, credential, body, request }) => {
      const { guest, ...input } = body;
      const book = async () =>
        json(
          serializeBooking(
            guest
              ? await bookGuest({
                  host: auth ?? (await authenticateCredential(credential)),
                  tokenHash: credential.tokenHash,
                  input: { ...input, guest },
                })
              : await bookInstance({ tokenHash: credential.tokenHash, input }),
          ),
          201,
        );
      if (!request.headers.has("idempotency-key")) return book();
      // the key is kept per caller (an API key's credential is resolved already)
      return idempotent(request, auth ?? (await authenticateCredential(credential)), body, book);
    },
  ),
});
