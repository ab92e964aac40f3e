"use server";

import { getTranslations } from "next-intl/server";
import { defined, readInteger, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { parseWith } from "@/lib/http/parse-input";
import { createLocation } from "@/lib/programme/create-location";
import { updateLocation } from "@/lib/programme/update-location";
import { Id } from "@/lib/schemas/common";
import { CreateLocationInput, ProgrammeStatusSchema, UpdateLocationInput } from "@/lib/schemas/location";

const PATH = "/dashboard/locations";

function locationFields(formData: FormData) {
  return defined({
    name: readRaw(formData, "name"),
    address: readRaw(formData, "address"),
    capacity: readInteger(formData, "capacity"),
  });
}

export async function createLocationAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const input = parseWith(CreateLocationInput, locationFields(formData));
      const location = await createLocation({ db: viewer.db, accountId: viewer.accountId, input });
      const t = await getTranslations("LocationsActions");
      return t("added", { name: location.name });
    },
    { revalidate: PATH },
  );
}

export async function updateLocationAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const locationId = parseWith(Id, readText(formData, "locationId"));
      const input = parseWith(UpdateLocationInput, locationFields(formData));
      await updateLocation({ db: viewer.db, locationId, input });
      const t = await getTranslations("LocationsActions");
      return t("saved");
    },
    { revalidate: PATH },
  );
}

export async function setLocationStatusAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const locationId = parseWith(Id, readText(formData, "locationId"));
      const status = parseWith(ProgrammeStatusSchema, readText(formData, "status"));
      await updateLocation({ db: viewer.db, locationId, input: { status } });
    },
    { revalidate: PATH },
  );
}
