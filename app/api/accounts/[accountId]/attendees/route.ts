import { registerAttendee } from "@/lib/auth/register-attendee";
import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { AccountIdParams, AttendeeRegistrationInput } from "@/lib/schemas/auth";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/accounts/{accountId}/attendees", {
  POST: route(
    { operation: "POST /accounts/{accountId}/attendees", auth: "none", params: AccountIdParams, body: AttendeeRegistrationInput },
    async ({ params, body, request }) =>
      json(await registerAttendee({ accountId: params.accountId, ...body, clientIp: clientIp(request.headers) }), 201),
  ),
});
