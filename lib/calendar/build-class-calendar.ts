import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { PublicInstance } from "@/lib/programme/get-public-instance";
import { buildCalendar } from "./ics";

/**
 * The calendar file of one class of the public schedule: one VEVENT with the UID the schedule feed
 * gives the same instance (`instance-<id>@<host>`), so a calendar holding both updates one event. Its
 * text (the teachers line) is in `locale`; the location carries the address; the URL is the class page.
 */
export function buildClassCalendar(options: {
  found: PublicInstance;
  appUrl: string;
  locale: Locale;
  now?: Date;
}): string {
  const { found, appUrl } = options;
  const { account, instance, event, teachers, location } = found;
  const t = translatorFor(options.locale, "ClassCalendar");
  const description = [
    teachers.length > 0 ? t("withTeachers", { teachers: teachers.join(", ") }) : "",
    event.description,
  ]
    .filter(Boolean)
    .join("\n\n");
  return buildCalendar({
    now: options.now,
    events: [
      {
        uid: `instance-${instance.id}@${new URL(appUrl).hostname}`,
        start: instance.startsAt,
        end: instance.endsAt,
        summary: event.title,
        description: description || undefined,
        location: location ? [location.name, location.address].filter(Boolean).join(", ") : undefined,
        url: `${appUrl}/${account.slug}/classes/${instance.id}`,
        status: "CONFIRMED",
      },
    ],
  });
}
