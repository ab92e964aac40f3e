import { formatDate } from "@/components/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { studioDate } from "@/lib/admin/studio-time";
import { listDurationPresets } from "@/lib/programme/list-duration-presets";
import { listEvents } from "@/lib/programme/list-events";
import { listLocations } from "@/lib/programme/list-locations";
import { listSeries } from "@/lib/programme/list-series";
import { toIsoDate } from "@/lib/schemas/common";
import { listUsers } from "@/lib/users/list-users";
import type { Series } from "@prisma/client";
import { setSeriesStatusAction } from "./actions";
import { EventForm } from "./event-form";
import type { RuleFormValues } from "./rule-values";
import { SeriesForm } from "./series-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Events & series" };

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function describeRule(series: Series): string {
  const every = series.interval === 1 ? "" : ` ${series.interval}`;
  const unit = { daily: "day", weekly: "week", monthly: "month" }[series.frequency] ?? series.frequency;
  const on =
    series.frequency === "weekly"
      ? ` on ${series.weekdays.map((day) => DAY_NAMES[day]).join(", ")}`
      : series.frequency === "monthly"
        ? ` on day ${series.monthDay}`
        : "";
  const bound = [series.endsOn ? `until ${toIsoDate(series.endsOn)}` : "", series.count ? `${series.count} times` : ""]
    .filter(Boolean)
    .join(", ");
  return `Every${every} ${unit}${series.interval === 1 ? "" : "s"}${on} at ${series.localStartTime} (${series.durationMinutes} min), from ${toIsoDate(series.startsOn)}${bound ? `, ${bound}` : ""}`;
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
    endsOn: toIsoDate(series.endsOn) ?? "",
    count: series.count === null ? "" : String(series.count),
    capacity: String(series.capacity),
  };
}

const STATUS_BUTTONS: Record<string, { status: string; label: string; confirm?: string }[]> = {
  active: [
    { status: "paused", label: "Pause" },
    {
      status: "ended",
      label: "End",
      confirm: "End this series? Its classes stay; cancel them in the calendar if needed.",
    },
  ],
  paused: [
    { status: "active", label: "Resume" },
    {
      status: "ended",
      label: "End",
      confirm: "End this series? Its classes stay; cancel them in the calendar if needed.",
    },
  ],
  ended: [{ status: "active", label: "Reactivate" }],
};

export default async function EventsPage() {
  const viewer = await requireAdministrator();
  const studio = await getActiveStudio(viewer);
  const [events, series, presets, locations, users] = await Promise.all([
    listEvents({ db: viewer.db }),
    listSeries({ db: viewer.db }),
    listDurationPresets({ db: viewer.db }),
    listLocations({ db: viewer.db }),
    listUsers({ db: viewer.db }),
  ]);
  const choices = {
    presets: presets.filter((p) => p.status === "active").map((p) => ({ name: p.name, minutes: p.minutes })),
    locations: locations
      .filter((l) => l.status === "active")
      .map((l) => ({ id: l.id, name: l.name, capacity: l.capacity })),
    teachers: users.map((u) => ({ id: u.id, name: u.displayName || u.email })),
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
    endsOn: "",
    count: "10",
    capacity: "",
  });
  const teacherName = new Map(choices.teachers.map((t) => [t.id, t.name]));

  return (
    <>
      <PageHeader title="Events & series">
        An event is a class definition; its series repeat it on a rule and generate the classes in the calendar. Times
        in {studio.timezone}.
      </PageHeader>
      <Section id="new-event-heading" title="New event">
        <details className="rounded-lg border border-slate-300 bg-white p-4">
          <summary className="cursor-pointer font-medium text-brand-700">Create an event</summary>
          <div className="mt-4">
            <EventForm choices={choices} />
          </div>
        </details>
      </Section>
      <Section id="events-heading" title={`Events (${events.length})`}>
        {events.length === 0 ? <p className="text-sm text-slate-600">No events yet.</p> : null}
        <ul className="space-y-4">
          {events.map((event) => {
            const own = series.filter((s) => s.eventId === event.id);
            return (
              <li key={event.id} className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="text-lg font-semibold text-slate-900">{event.title}</h3>
                    <p className="text-sm text-slate-700">
                      {event.durationMinutes} min · {event.capacity} places
                      {event.location ? ` · ${event.location}` : ""}
                      {event.teacherIds.length > 0
                        ? ` · with ${event.teacherIds.map((id) => teacherName.get(id) ?? "a former member").join(", ")}`
                        : ""}
                    </p>
                  </div>
                  <StatusBadge status={event.status} />
                </div>
                <details>
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit {event.title}</summary>
                  <div className="mt-3">
                    <EventForm event={event} choices={choices} />
                  </div>
                </details>
                <div className="space-y-2">
                  <h4 className="font-medium text-slate-800">Series ({own.length})</h4>
                  {own.length === 0 ? <p className="text-sm text-slate-600">Not repeated yet.</p> : null}
                  <ul className="space-y-2">
                    {own.map((s) => (
                      <li key={s.id} className="rounded-md border border-slate-200 p-3">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <p className="text-sm text-slate-800">
                            <StatusBadge status={s.status} /> {describeRule(s)} · {s.capacity} places
                          </p>
                          <div className="flex flex-wrap gap-2">
                            {(STATUS_BUTTONS[s.status] ?? []).map((button) => (
                              <ActionForm
                                key={button.status}
                                action={setSeriesStatusAction}
                                hidden={{ seriesId: s.id, status: button.status }}
                                submitLabel={button.label}
                                pendingLabel="Saving…"
                                variant={button.status === "ended" ? "danger" : "secondary"}
                                confirm={button.confirm}
                                inline
                              />
                            ))}
                          </div>
                        </div>
                        <details className="mt-2">
                          <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit the rule</summary>
                          <div className="mt-3">
                            <SeriesForm
                              eventId={event.id}
                              seriesId={s.id}
                              initial={ruleValues(s)}
                              timezone={s.timezone}
                              locale={studio.locale}
                              eventDurationMinutes={s.durationMinutes}
                            />
                          </div>
                        </details>
                      </li>
                    ))}
                  </ul>
                  <details>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">Add a series</summary>
                    <div className="mt-3">
                      <SeriesForm
                        eventId={event.id}
                        initial={newRule()}
                        timezone={studio.timezone}
                        locale={studio.locale}
                        eventDurationMinutes={event.durationMinutes}
                      />
                    </div>
                  </details>
                </div>
                <p className="text-xs text-slate-500">Created {formatDate(event.createdAt, studio)}</p>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}
