"use server";

import { getTranslations } from "next-intl/server";
import { readAll, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { fromDateTimeLocal } from "@/lib/admin/studio-time";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { cancelInstance } from "@/lib/programme/cancel-instance";
import { moveInstance } from "@/lib/programme/move-instance";
import { restoreInstance } from "@/lib/programme/restore-instance";
import { setInstanceBookability } from "@/lib/programme/set-instance-bookability";
import { Id } from "@/lib/schemas/common";
import { UpdateInstanceInput } from "@/lib/schemas/instance";

// The same lib functions and the same body schema as PATCH /instances/{instanceId}.

const revalidate = (instanceId: string) => ["/dashboard", "/dashboard/calendar", `/dashboard/classes/${instanceId}`];

export async function moveInstanceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const instanceId = readText(formData, "instanceId") ?? "";
  return runAction(
    async () => {
      parseWith(Id, instanceId);
      const [studio, t] = await Promise.all([getActiveStudio(viewer), getTranslations("CalendarActions")]);
      const local = readText(formData, "startsAt");
      const startsAt = local ? fromDateTimeLocal(local, studio.timezone) : undefined;
      if (!startsAt) {
        throw new AppError("validation_failed", { details: [{ path: "startsAt", message: t("enterDateTime") }] });
      }
      const input = parseWith(UpdateInstanceInput, { action: "move", startsAt: startsAt.toISOString() });
      if (input.action !== "move") throw new AppError("validation_failed");
      await moveInstance({ db: viewer.db, instanceId, startsAt: new Date(input.startsAt) });
      return t("moved");
    },
    { revalidate: revalidate(instanceId) },
  );
}

export async function cancelInstanceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const instanceId = readText(formData, "instanceId") ?? "";
  return runAction(
    async () => {
      parseWith(Id, instanceId);
      await cancelInstance({ db: viewer.db, instanceId });
      const t = await getTranslations("CalendarActions");
      return t("cancelled");
    },
    { revalidate: revalidate(instanceId) },
  );
}

export async function restoreInstanceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const instanceId = readText(formData, "instanceId") ?? "";
  return runAction(
    async () => {
      parseWith(Id, instanceId);
      await restoreInstance({ db: viewer.db, instanceId });
      const t = await getTranslations("CalendarActions");
      return t("restored");
    },
    { revalidate: revalidate(instanceId) },
  );
}

export async function setAudienceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const instanceId = readText(formData, "instanceId") ?? "";
  return runAction(
    async () => {
      parseWith(Id, instanceId);
      const audience = readText(formData, "audience");
      const input = parseWith(UpdateInstanceInput, {
        action: "bookability",
        audience,
        ...(audience === "groups" ? { groupIds: readAll(formData, "groupIds") } : {}),
      });
      if (input.action !== "bookability") throw new AppError("validation_failed");
      await setInstanceBookability({ db: viewer.db, instanceId, audience: input.audience, groupIds: input.groupIds });
      const t = await getTranslations("CalendarActions");
      return t("saved");
    },
    { revalidate: revalidate(instanceId) },
  );
}
