"use server";

import { getTranslations } from "next-intl/server";
import { defined, readAll, readInteger, readText } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { fromDateTimeLocal, studioWallClock } from "@/lib/studio-time/wall-clock";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { cancelInstance } from "@/lib/programme/cancel-instance";
import { moveInstance } from "@/lib/programme/move-instance";
import { restoreInstance } from "@/lib/programme/restore-instance";
import { setInstanceBookability } from "@/lib/programme/set-instance-bookability";
import { setInstanceCapacity } from "@/lib/programme/set-instance-capacity";
import { setInstanceTeachers } from "@/lib/programme/set-instance-teachers";
import { createSeries } from "@/lib/programme/create-series";
import { CreateSeriesInput } from "@/lib/schemas/series";
import { Id } from "@/lib/schemas/common";
import { UpdateInstanceInput } from "@/lib/schemas/instance";
import { ruleDetail } from "@/lib/error-details";

// The same lib functions and the same body schema as PATCH /instances/{instanceId}.

const revalidate = (formData: FormData) => {
  const instanceId = readText(formData, "instanceId") ?? "";
  return ["/dashboard", "/dashboard/calendar", `/dashboard/classes/${instanceId}`];
};

export const moveInstanceAction = action(
  { auth: "administrator", ids: ["instanceId"], revalidate },
  async ({ viewer, ids: { instanceId }, formData }) => {
    const [studio, t] = await Promise.all([getActiveStudio(viewer), getTranslations("CalendarActions")]);
    const local = readText(formData, "startsAt");
    const startsAt = local ? fromDateTimeLocal(local, studio.timezone) : undefined;
    if (!startsAt) {
      throw new AppError("validation_failed", { details: [ruleDetail("startsAt", "date_time_required")] });
    }
    const input = parseWith(UpdateInstanceInput, { action: "move", startsAt: startsAt.toISOString() });
    if (input.action !== "move") throw new AppError("validation_failed");
    await moveInstance({ db: viewer.db, instanceId, startsAt: new Date(input.startsAt) });
    return t("moved");
  },
);

export const cancelInstanceAction = action(
  { auth: "administrator", ids: ["instanceId"], revalidate },
  async ({ viewer, ids: { instanceId } }) => {
    await cancelInstance({ db: viewer.db, instanceId });
    const t = await getTranslations("CalendarActions");
    return t("cancelled");
  },
);

export const restoreInstanceAction = action(
  { auth: "administrator", ids: ["instanceId"], revalidate },
  async ({ viewer, ids: { instanceId } }) => {
    await restoreInstance({ db: viewer.db, instanceId });
    const t = await getTranslations("CalendarActions");
    return t("restored");
  },
);

/** Who may book: everyone, or members of the chosen groups. */
function audienceFields(formData: FormData) {
  const audience = readText(formData, "audience");
  return {
    action: "bookability",
    audience,
    ...(audience === "groups" ? { groupIds: readAll(formData, "groupIds") } : {}),
  };
}

export const setAudienceAction = action(
  {
    auth: "administrator",
    ids: ["instanceId"],
    input: { schema: UpdateInstanceInput, fields: audienceFields },
    revalidate,
  },
  async ({ viewer, ids: { instanceId }, input }) => {
    if (input.action !== "bookability") throw new AppError("validation_failed");
    await setInstanceBookability({ db: viewer.db, instanceId, audience: input.audience, groupIds: input.groupIds });
    const t = await getTranslations("CalendarActions");
    return t("saved");
  },
);

export const setTeachersAction = action(
  {
    auth: "administrator",
    ids: ["instanceId"],
    input: {
      schema: UpdateInstanceInput,
      fields: (formData) => ({ action: "teachers", teacherIds: readAll(formData, "teacherIds") }),
    },
    revalidate,
  },
  async ({ viewer, ids: { instanceId }, input }) => {
    if (input.action !== "teachers") throw new AppError("validation_failed");
    await setInstanceTeachers({ db: viewer.db, instanceId, teacherIds: input.teacherIds });
    const t = await getTranslations("CalendarActions");
    return t("teachersSaved");
  },
);

export const setCapacityAction = action(
  {
    auth: "administrator",
    ids: ["instanceId"],
    input: {
      schema: UpdateInstanceInput,
      fields: (formData) => ({ action: "capacity", capacity: readInteger(formData, "capacity") }),
    },
    revalidate,
  },
  async ({ viewer, ids: { instanceId }, input }) => {
    if (input.action !== "capacity") throw new AppError("validation_failed");
    await setInstanceCapacity({ db: viewer.db, accountId: viewer.accountId, instanceId, capacity: input.capacity });
    const t = await getTranslations("CalendarActions");
    return t("saved");
  },
);

/**
 * A one-off class of an event: a series of one occurrence, as POST /events/{eventId}/series with
 * `count: 1` makes it. On success the calendar the form came from (`returnTo`) opens the new class.
 */
export const createOneOffClassAction = action(
  { auth: "administrator", revalidate: ["/dashboard", "/dashboard/calendar"] },
  async ({ viewer, formData }) => {
    const studio = await getActiveStudio(viewer);
    const eventId = readText(formData, "eventId");
    if (!eventId) {
      throw new AppError("validation_failed", { details: [ruleDetail("eventId", "class_required")] });
    }
    parseWith(Id, eventId);
    const startsAt = fromDateTimeLocal(readText(formData, "startsAt") ?? "", studio.timezone);
    if (!startsAt) {
      throw new AppError("validation_failed", { details: [ruleDetail("startsAt", "date_time_required")] });
    }
    const local = studioWallClock(startsAt, studio.timezone);
    const input = parseWith(
      CreateSeriesInput,
      defined({
        frequency: "daily",
        startsOn: local.date,
        localStartTime: local.time,
        count: 1,
        capacity: readInteger(formData, "capacity"),
      }),
    );
    const { instances } = await createSeries({ db: viewer.db, accountId: viewer.accountId, eventId, input });
    return { redirectTo: withClass(readText(formData, "returnTo"), instances[0]!.id) };
  },
);

/** The calendar address the form came from, with the new class open; only a calendar address is followed. */
function withClass(returnTo: string | undefined, instanceId: string): string {
  const url = new URL(
    returnTo?.startsWith("/dashboard/calendar") ? returnTo : "/dashboard/calendar",
    "http://calendar",
  );
  url.searchParams.delete("new");
  url.searchParams.set("class", instanceId);
  return `${url.pathname}${url.search}`;
}
