"use server";

import { getTranslations } from "next-intl/server";
import { defined, readAll, readInteger, readRaw, readText } from "@/components/forms/form-data";
import { action, formField } from "@/lib/web/action";
import { parseWith } from "@/lib/http/parse-input";
import { createEvent } from "@/lib/programme/create-event";
import { createSeries } from "@/lib/programme/create-series";
import { createWeeklyClass } from "@/lib/programme/create-weekly-class";
import { updateEvent } from "@/lib/programme/update-event";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { updateSeries } from "@/lib/programme/update-series";
import { CreateEventInput, UpdateEventInput } from "@/lib/schemas/event";
import { CreateSeriesInput, SeriesStatusSchema, UpdateSeriesInput } from "@/lib/schemas/series";
import { ruleValuesFromFormData, toRuleInput, toSeriesInput } from "./rule-values";
import { weeklyRuleInput } from "./weekly-class-input";

// The same lib functions and body schemas as POST/PATCH /events and /series.

const PATHS = ["/dashboard/events", "/dashboard", "/dashboard/calendar"];

function eventFields(formData: FormData, mode: "create" | "update") {
  const locationId = readText(formData, "locationId");
  return defined({
    title: readRaw(formData, "title"),
    description: readRaw(formData, "description"),
    teacherIds: readAll(formData, "teacherIds"),
    location: locationId ? undefined : readRaw(formData, "location"),
    // "" means no chosen location: left out on create, detached (null) on update.
    locationId: locationId ?? (mode === "update" ? null : undefined),
    durationMinutes: readInteger(formData, "durationMinutes"),
    capacity: readInteger(formData, "capacity"),
    status: readText(formData, "status"),
    dropInsAllowed: formData.has("dropInsAllowedShown") ? formData.get("dropInsAllowed") === "on" : undefined,
  });
}

export const createEventAction = action(
  {
    auth: "administrator",
    input: { schema: CreateEventInput, fields: (formData) => eventFields(formData, "create") },
    revalidate: PATHS,
  },
  async ({ viewer, input }) => {
    const event = await createEvent({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("EventsActions");
    return t("created", { title: event.title });
  },
);

export const updateEventAction = action(
  {
    auth: "administrator",
    ids: ["eventId"],
    input: { schema: UpdateEventInput, fields: (formData) => eventFields(formData, "update") },
    revalidate: PATHS,
  },
  async ({ viewer, ids: { eventId }, input }) => {
    await updateEvent({ db: viewer.db, eventId, input });
    const t = await getTranslations("EventsActions");
    return t("saved");
  },
);

export const createSeriesAction = action(
  {
    auth: "administrator",
    ids: ["eventId"],
    input: { schema: CreateSeriesInput, fields: (formData) => toSeriesInput(ruleValuesFromFormData(formData)) },
    revalidate: PATHS,
  },
  async ({ viewer, ids: { eventId }, input }) => {
    const { instances } = await createSeries({ db: viewer.db, accountId: viewer.accountId, eventId, input });
    const t = await getTranslations("EventsActions");
    return t("seriesAdded", { count: instances.length });
  },
);

/** The rule's fields, and the capacity when given. */
function seriesRuleFields(formData: FormData) {
  const capacity = readInteger(formData, "capacity");
  return { ...toRuleInput(ruleValuesFromFormData(formData)), ...(capacity === undefined ? {} : { capacity }) };
}

export const updateSeriesRuleAction = action(
  {
    auth: "administrator",
    ids: ["seriesId"],
    input: { schema: UpdateSeriesInput, fields: seriesRuleFields },
    revalidate: PATHS,
  },
  async ({ viewer, ids: { seriesId }, input }) => {
    await updateSeries({ db: viewer.db, seriesId, input });
    const t = await getTranslations("EventsActions");
    return t("ruleSaved");
  },
);

export const setSeriesStatusAction = action(
  {
    auth: "administrator",
    ids: ["seriesId"],
    input: { schema: SeriesStatusSchema, fields: formField("status") },
    revalidate: PATHS,
  },
  async ({ viewer, ids: { seriesId }, input: status }) => {
    await updateSeries({ db: viewer.db, seriesId, input: { status } });
  },
);

/** Parses with `schema`, or returns the details of a 400 (so both halves of a form are reported at once). */
function detailsOf(parse: () => unknown): ErrorDetail[] {
  try {
    parse();
    return [];
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed") return error.details ?? [];
    throw error;
  }
}

/**
 * "Add a weekly class": the class (title, length, location, capacity, teachers) and its weekly times
 * in one form, written as one event and its series in one transaction; then back to the overview,
 * whose checklist ticks the step.
 */
export const createWeeklyClassAction = action(
  { auth: "administrator", revalidate: PATHS },
  async ({ viewer, formData }) => {
    const eventFieldValues = { ...eventFields(formData, "create"), status: "published" };
    const ruleValues = {
      weekdays: readAll(formData, "weekdays"),
      localStartTime: readRaw(formData, "localStartTime") ?? "",
      startsOn: readRaw(formData, "startsOn") ?? "",
      ends: readRaw(formData, "ends") ?? "",
      count: readRaw(formData, "count") ?? "",
      endsOn: readRaw(formData, "endsOn") ?? "",
    };
    let ruleBody: Record<string, unknown> = {};
    const details = [
      ...detailsOf(() => parseWith(CreateEventInput, eventFieldValues)),
      ...detailsOf(() => (ruleBody = weeklyRuleInput(ruleValues))),
    ];
    if (details.length === 0) details.push(...detailsOf(() => parseWith(CreateSeriesInput, ruleBody)));
    if (details.length > 0) throw new AppError("validation_failed", { details });
    await createWeeklyClass({
      db: viewer.db,
      accountId: viewer.accountId,
      event: parseWith(CreateEventInput, eventFieldValues),
      series: parseWith(CreateSeriesInput, ruleBody),
    });
    return { redirectTo: "/dashboard?added=weekly-class" };
  },
);
