import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { getTranslations } from "next-intl/server";
import { formatDate, formatLocalDate } from "@/components/dashboard/format";
import { weekdayName } from "@/lib/format/dates";
import { zoneName } from "@/lib/format/timezones";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { getActiveStudio, type Studio } from "@/lib/web/get-active-studio";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { studioDate } from "@/lib/studio-time/studio-date";
import { listDurationPresets } from "@/lib/programme/list-duration-presets";
import { listEvents } from "@/lib/programme/list-events";
import { listArchivedEvents } from "@/lib/programme/list-archived-events";
import type { CreatedKey } from "@/lib/schemas/page";
import { listEndedSeries } from "@/lib/programme/list-ended-series";
import { listLocationChoices } from "@/lib/programme/location-choices";
import { listSeries } from "@/lib/programme/list-series";
import { toIsoDate } from "@/lib/schemas/common";
import { encodeCursor, InstantIdKey, readCursor } from "@/lib/schemas/page";
import { ListPager } from "@/components/ui/list-pager";
import { listStaff } from "@/lib/users/list-staff";
import type { Series } from "@prisma/client";
import { setSeriesStatusAction } from "./actions";
import { EventForm } from "./event-form";
import { seriesEndOf, type RuleFormValues } from "./rule-values";
import { SeriesForm } from "./series-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("EventsPage");
  return { title: t("title") };
}

/** Archived events and ended series shown a page at a time, newest first. */
const PAGE_SIZE = 25;
const CURSORS = ["archivedAfter", "endedAfter"] as const;
type Cursor = (typeof CURSORS)[number];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The events page with one list's page moved (to the page after `key`, or back to its newest), the other's kept. */
function pageHref(cursors: Partial<Record<Cursor, string>>, name: Cursor, key: CreatedKey | null) {
  const search = new URLSearchParams(Object.entries(cursors).filter(([cursor]) => cursor !== name));
  if (key) search.set(name, encodeCursor([key[0].toISOString(), key[1]]));
  const anchor = name === "archivedAfter" ? "archived-events-heading" : "ended-series-heading";
  return `/dashboard/events${search.size > 0 ? `?${search}` : ""}#${anchor}`;
}

type Translate = Awaited<ReturnType<typeof getTranslations<"EventsPage">>>;

function describeRule(t: Translate, series: Series, studio: Studio): string {
  // A series of one (a class added once, from the calendar) is a one-off, not "every day … 1 time".
  if (series.count === 1) {
    return t("oneOff", {
      date: formatLocalDate(toIsoDate(series.startsOn)!, studio),
      time: series.localStartTime,
      minutes: series.durationMinutes,
    });
  }
  const count = series.interval;
  const every =
    series.frequency === "daily"
      ? t("everyDay", { count })
      : series.frequency === "weekly"
        ? t("everyWeek", { count })
        : series.frequency === "monthly"
          ? t("everyMonth", { count })
          : series.frequency;
  const on =
    series.frequency === "weekly"
      ? t("onDays", { days: series.weekdays.map((day) => weekdayName(day, studio.formatLocale)).join(", ") })
      : series.frequency === "monthly"
        ? t("onMonthDay", { day: String(series.monthDay) })
        : "";
  const bound = [
    series.endsOn ? t("until", { date: formatLocalDate(toIsoDate(series.endsOn)!, studio) }) : "",
    series.count ? t("times", { count: series.count }) : "",
  ]
    .filter(Boolean)
    .join(", ");
  return t("rule", {
    every,
    on,
    time: series.localStartTime,
    minutes: series.durationMinutes,
    from: formatLocalDate(toIsoDate(series.startsOn)!, studio),
    bound: bound ? `, ${bound}` : "",
  });
}

function ruleValues(series: Series): RuleFormValues {
  return {
    frequency: series.frequency,
    interval: String(series.interval),
    weekdays: series.weekdays.map(String),
    monthDay: series.monthDay === null ? "" : String(series.monthDay),
    localStartTime: series.localStartTime,
    durationMinutes: String(series.durationMinutes),
    startsOn: toIsoDate(series.startsOn)!,
    ends: seriesEndOf(series),
    endsOn: toIsoDate(series.endsOn) ?? "",
    count: series.count === null ? "" : String(series.count),
    capacity: String(series.capacity),
  };
}

export default async function EventsPage({ searchParams }: Props) {
  const [viewer, t, params] = await Promise.all([requireAdministrator(), getTranslations("EventsPage"), searchParams]);
  const cursors: Partial<Record<Cursor, string>> = Object.fromEntries(
    CURSORS.flatMap((name) => {
      const value = params[name];
      return typeof value === "string" && readCursor(InstantIdKey, value) ? [[name, value]] : [];
    }),
  );
  const archivedAfter = readCursor(InstantIdKey, cursors.archivedAfter);
  const endedAfter = readCursor(InstantIdKey, cursors.endedAfter);
  const pages = (name: Cursor, next: CreatedKey | null) => ({
    newest: cursors[name] ? pageHref(cursors, name, null) : null,
    older: next ? pageHref(cursors, name, next) : null,
  });
  const now = new Date();
  const end = { status: "ended", label: t("end"), confirm: t("confirmEnd") };
  const STATUS_BUTTONS: Record<string, { status: string; label: string; confirm?: string }[]> = {
    active: [{ status: "paused", label: t("pause") }, end],
    paused: [{ status: "active", label: t("resume") }, end],
    ended: [{ status: "active", label: t("reactivate") }],
  };
  const studio = await getActiveStudio(viewer);
  const [events, series, archived, ended, presets, locations] = await Promise.all([
    listEvents({ db: viewer.db, current: true }),
    listSeries({ db: viewer.db, running: now }),
    listArchivedEvents({ db: viewer.db, limit: PAGE_SIZE, after: archivedAfter }),
    listEndedSeries({ db: viewer.db, now, limit: PAGE_SIZE, after: endedAfter }),
    listDurationPresets({ db: viewer.db }),
    listLocationChoices({ db: viewer.db }),
  ]);
  const staff = await listStaff({
    db: viewer.db,
    accountId: viewer.accountId,
    alsoIds: [...events, ...archived.items].flatMap((event) => event.teacherIds),
  });
  const choices = {
    presets: presets.filter((p) => p.status === "active").map((p) => ({ name: p.name, minutes: p.minutes })),
    ...locations,
    teachers: staff,
  };
  const today = studioDate(new Date(), studio.timezone);
  const newRule = (): RuleFormValues => ({
    frequency: "weekly",
    interval: "1",
    weekdays: [],
    monthDay: "",
    localStartTime: "18:00",
    durationMinutes: "",
    startsOn: today,
    ends: "count",
    endsOn: "",
    count: "10",
    capacity: "",
  });
  const teacherName = new Map(choices.teachers.map((teacher) => [teacher.id, teacher.name]));
  const facts = (event: (typeof events)[number]) =>
    [
      t("eventFacts", { minutes: event.durationMinutes, places: event.capacity }),
      event.location ? ` · ${event.location}` : "",
      event.teacherIds.length > 0
        ? t("with", { teachers: event.teacherIds.map((id) => teacherName.get(id) ?? t("formerMember")).join(", ") })
        : "",
    ].join("");
  /** An event's title, facts and status; then, folded, its form. */
  const eventHead = (event: (typeof events)[number], titleClass: string) => (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div>
        <h3 className={`font-semibold text-slate-900 ${titleClass}`}>{event.title}</h3>
        <p className="text-sm text-slate-700">{facts(event)}</p>
      </div>
      <StatusBadge status={event.status} />
    </div>
  );
  const eventEdit = (event: (typeof events)[number], className?: string) => (
    <details className={className}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">
        {t("edit", { title: event.title })}
      </summary>
      <div className="mt-3">
        <EventForm event={event} choices={choices} />
      </div>
    </details>
  );
  /** One series: its rule, its status buttons and its rule's form; `title`: its event's, where the list mixes events. */
  const seriesItem = (s: Series, title?: string) => (
    <li key={s.id} className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-800">
          {title ? <span className="font-medium">{title} · </span> : null}
          <StatusBadge status={s.status} /> {describeRule(t, s, studio)} · {t("places", { count: s.capacity })}
        </p>
        <div className="flex flex-wrap gap-2">
          {(STATUS_BUTTONS[s.status] ?? []).map((button) => (
            <ActionForm
              key={button.status}
              action={setSeriesStatusAction}
              hidden={{ seriesId: s.id, status: button.status }}
              submitLabel={button.label}
              pendingLabel={t("saving")}
              variant={button.status === "ended" ? "danger" : "secondary"}
              confirm={button.confirm}
              inline
            />
          ))}
        </div>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("editRule")}</summary>
        <div className="mt-3">
          <SeriesForm
            eventId={s.eventId}
            seriesId={s.id}
            initial={ruleValues(s)}
            timezone={s.timezone}
            locale={studio.formatLocale}
            eventDurationMinutes={s.durationMinutes}
          />
        </div>
      </details>
    </li>
  );

  return (
    <>
      <PageHeader title={t("title")}>{t("intro", { zone: zoneName(studio.timezone, studio.formatLocale) })}</PageHeader>
      <Link href="/dashboard/events/new" className={buttonClass("primary", "md")}>
        {t("addWeeklyClass")}
      </Link>
      <Section id="new-event-heading" title={t("newEvent")}>
        <details className="rounded-lg border border-slate-300 bg-white p-4">
          <summary className="cursor-pointer font-medium text-brand-700">{t("createEvent")}</summary>
          <div className="mt-4">
            <EventForm choices={choices} />
          </div>
        </details>
      </Section>
      <Section id="events-heading" title={t("events", { count: events.length })}>
        {events.length === 0 ? <p className="text-sm text-slate-600">{t("noEvents")}</p> : null}
        <ul className="space-y-4">
          {events.map((event) => {
            const own = series.filter((s) => s.eventId === event.id);
            return (
              <li key={event.id} className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
                {eventHead(event, "text-lg")}
                {eventEdit(event)}
                <div className="space-y-2">
                  <h4 className="font-medium text-slate-800">{t("series", { count: own.length })}</h4>
                  {own.length === 0 ? <p className="text-sm text-slate-600">{t("notRepeated")}</p> : null}
                  <ul className="space-y-2">{own.map((s) => seriesItem(s))}</ul>
                  <details>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("addSeries")}</summary>
                    <div className="mt-3">
                      <SeriesForm
                        eventId={event.id}
                        initial={newRule()}
                        timezone={studio.timezone}
                        locale={studio.formatLocale}
                        eventDurationMinutes={event.durationMinutes}
                      />
                    </div>
                  </details>
                </div>
                <p className="text-xs text-slate-500">{t("created", { date: formatDate(event.createdAt, studio) })}</p>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="ended-series-heading" title={t("endedSeries")}>
        <p className="max-w-prose text-sm text-slate-700">{t("endedSeriesIntro")}</p>
        {ended.items.length === 0 ? (
          <p className="text-sm text-slate-600">{endedAfter ? t("noOlderEndedSeries") : t("noEndedSeries")}</p>
        ) : (
          <ul className="space-y-2">{ended.items.map((s) => seriesItem(s, s.event.title))}</ul>
        )}
        <ListPager pages={pages("endedAfter", ended.next)} label={t("endedSeriesPages")} />
      </Section>
      <Section id="archived-events-heading" title={t("archivedEvents")}>
        <p className="max-w-prose text-sm text-slate-700">{t("archivedEventsIntro")}</p>
        {archived.items.length === 0 ? (
          <p className="text-sm text-slate-600">{archivedAfter ? t("noOlderArchivedEvents") : t("noArchivedEvents")}</p>
        ) : (
          <ul className="space-y-2">
            {archived.items.map((event) => (
              <li key={event.id} className="rounded-md border border-slate-200 bg-white p-3">
                {eventHead(event, "")}
                {eventEdit(event, "mt-2")}
                <p className="mt-2 text-xs text-slate-500">
                  {t("created", { date: formatDate(event.createdAt, studio) })}
                </p>
              </li>
            ))}
          </ul>
        )}
        <ListPager pages={pages("archivedAfter", archived.next)} label={t("archivedEventsPages")} />
      </Section>
    </>
  );
}
