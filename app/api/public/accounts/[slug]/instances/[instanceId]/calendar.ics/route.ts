import { buildClassCalendar } from "@/lib/calendar/build-class-calendar";
import { env } from "@/lib/env";
import { studioDate } from "@/lib/studio-time/studio-date";
import { endpoints, route } from "@/lib/http/route";
import { chooseLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { getPublicInstanceOrThrow } from "@/lib/programme/get-public-instance";
import { PublicInstanceParams } from "@/lib/schemas/public-programme";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints(
  "/public/accounts/{slug}/instances/{instanceId}/calendar.ics",
  {
    GET: route(
      {
        operation: "GET /public/accounts/{slug}/instances/{instanceId}/calendar.ics",
        auth: "none",
        params: PublicInstanceParams,
      },
      async ({ params, request }) => {
        const found = await getPublicInstanceOrThrow(params);
        const locale = chooseLocale({
          visitor: request.cookies.get(LOCALE_COOKIE)?.value,
          studioLocaleTag: found.account.locale,
        });
        const body = buildClassCalendar({ found, appUrl: env().APP_URL, locale });
        const day = studioDate(found.instance.startsAt, found.account.timezone);
        return new Response(body, {
          status: 200,
          headers: {
            "content-type": "text/calendar; charset=utf-8",
            "content-disposition": `attachment; filename="${found.account.slug}-${day}.ics"`,
            "cache-control": "private, max-age=300",
          },
        });
      },
    ),
  },
);
