"use server";

import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { defined, readAll, readInteger, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { parseWith } from "@/lib/http/parse-input";
import { createEvent } from "@/lib/programme/create-event";
import { createSeries } from "@/lib/programme/create-series";
import { createWeeklyClass } from "@/lib/programme/create-weekly-class";
import { updateEvent } from "@/lib/programme/update-event";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { updateSeries } from "@/lib/programme/update-series";
import { Id } from "@/lib/schemas/common";
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
  });
}

export async function createEventAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const input = parseWith(CreateEventInput, eventFields(formData, "create"));
      const event = await createEvent({ db: viewer.db, accountId: viewer.accountId, input });
      const t = await getTranslations("EventsActions");
      return t("created", { title: event.title });
    },
    { revalidate: PATHS },
  );
}

export async function updateEventAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const eventId = parseWith(Id, readText(formData, "eventId"));
      const input = parseWith(UpdateEventInput, eventFields(formData, "update"));
      await updateEvent({ db: viewer.db, eventId, input });
      const t = await getTranslations("EventsActions");
      return t("saved");
    },
    { revalidate: PATHS },
  );
}

export async function createSeriesAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const eventId = parseWith(Id, readText(formData, "eventId"));
      const input = parseWith(CreateSeriesInput, toSeriesInput(ruleValuesFromFormData(formData)));
      const { instances } = await createSeries({ db: viewer.db, accountId: viewer.accountId, eventId, input });
      const t = await getTranslations("EventsActions");
      return t("seriesAdded", { count: instances.length });
    },
    { revalidate: PATHS },
  );
}

export async function updateSeriesRuleAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const seriesId = parseWith(Id, readText(formData, "seriesId"));
      const values = ruleValuesFromFormData(formData);
      const capacity = readInteger(formData, "capacity");
      const input = parseWith(UpdateSeriesInput, {
        ...toRuleInput(values),
        ...(capacity === undefined ? {} : { capacity }),
      });
      await updateSeries({ db: viewer.db, seriesId, input });
      const t = await getTranslations("EventsActions");
      return t("ruleSaved");
    },
    { revalidate: PATHS },
  );
}

export async function setSeriesStatusAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const seriesId = parseWith(Id, readText(formData, "seriesId"));
      const status = parseWith(SeriesStatusSchema, readText(formData, "status"));
      await updateSeries({ db: viewer.db, seriesId, input: { status } });
    },
    { revalidate: PATHS },
  );
}

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
export async function createWeeklyClassAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const state = await runAction(
    async () => {
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
    },
    { revalidate: PATHS },
  );
  if (state.ok) redirect("/dashboard?added=weekly-class");
  return state;
}
