import { getBookingOptions } from "@/lib/bookings/get-booking-options";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeBookingOptions } from "@/lib/schemas/booking-options";
import { InstanceParams } from "@/lib/schemas/instance";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/instances/{instanceId}/booking-options", {
  GET: route(
    {
      operation: "GET /instances/{instanceId}/booking-options",
      auth: "member",
      personOnly: true,
      params: InstanceParams,
    },
    async ({ auth, params, request }) =>
      json(
        serializeBookingOptions(
          await getBookingOptions({
            db: auth.db,
            accountId: auth.accountId,
            userId: auth.userId,
            instanceId: params.instanceId,
            visitorLocale: request.cookies.get(LOCALE_COOKIE)?.value,
          }),
        ),
      ),
  ),
});
