import { buildCalendar } from "@/lib/calendar/ics";
import { env } from "@/lib/env";
import { endpoints, route } from "@/lib/http/route";
import { emailLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { listPublicProgramme } from "@/lib/programme/list-public-programme";
import { SlugParams } from "@/lib/schemas/demo";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";

const FEED_DAYS = 90;
const DAY_MS = 86_400_000;

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/public/accounts/{slug}/calendar.ics", {
  GET: route(
    { operation: "GET /public/accounts/{slug}/calendar.ics", auth: "none", params: SlugParams },
    async ({ params }) => {
      const now = new Date();
      const [account, { events, instances, teachers }] = await Promise.all([
        getPublicAccountOrThrow({ slug: params.slug }),
        listPublicProgramme({ slug: params.slug, from: now, to: new Date(now.getTime() + FEED_DAYS * DAY_MS) }),
      ]);
      const appUrl = env().APP_URL;
      const host = new URL(appUrl).hostname;
      const byId = new Map(events.map((event) => [event.id, event]));
      const feedLocale = emailLocale({ studioLocaleTag: account.locale }); // no recipient: the studio's language
      const t = translatorFor(feedLocale, "CalendarText");
      const body = buildCalendar({
        name: account.name,
        now,
        events: instances.flatMap((instance) => {
          const event = byId.get(instance.eventId);
          if (!event) return [];
          const names = instance.teacherIds.flatMap((id) => teachers.get(id) ?? []); // a substitute, if any
          return [
            {
              uid: `instance-${instance.id}@${host}`,
              start: instance.startsAt,
              end: instance.endsAt,
              summary: event.title,
              description: [names.length > 0 ? t("teachers", { names: names.join(", ") }) : "", event.description]
                .filter(Boolean)
                .join("\n\n"),
              location: event.location || undefined,
              url: `${appUrl}/${account.slug}`,
              status: "CONFIRMED" as const,
            },
          ];
        }),
      });
      return new Response(body, {
        status: 200,
        headers: {
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": `inline; filename="${account.slug}.ics"`,
          "cache-control": "public, max-age=300",
        },
      });
    },
  ),
});
