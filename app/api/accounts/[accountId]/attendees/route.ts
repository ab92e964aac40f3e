import { registerAttendee } from "@/lib/auth/register-attendee";
import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { visitorLocale } from "@/lib/http/visitor-locale";
import { AccountIdParams, AttendeeRegistrationInput } from "@/lib/schemas/auth";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/accounts/{accountId}/attendees", {
  POST: route(
    { operation: "POST /accounts/{accountId}/attendees", auth: "none", params: AccountIdParams, body: AttendeeRegistrationInput },
    async ({ params, body, request }) => {
      const options = { ...body, clientIp: clientIp(request.headers), askedOn: visitorLocale(request) };
      return json(await registerAttendee({ accountId: params.accountId, ...options }), 201);
    },
  ),
});
