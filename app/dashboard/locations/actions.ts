"use server";

import { getTranslations } from "next-intl/server";
import { readInteger, readRaw } from "@/components/forms/form-data";
import { action, formField } from "@/lib/web/action";
import { createLocation } from "@/lib/programme/create-location";
import { updateLocation } from "@/lib/programme/update-location";
import { CreateLocationInput, ProgrammeStatusSchema, UpdateLocationInput } from "@/lib/schemas/location";

const PATH = "/dashboard/locations";

const LOCATION_FIELDS = { name: readRaw, address: readRaw, capacity: readInteger };

export const createLocationAction = action(
  { auth: "administrator", input: { schema: CreateLocationInput, fields: LOCATION_FIELDS }, revalidate: PATH },
  async ({ viewer, input }) => {
    const location = await createLocation({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("LocationsActions");
    return t("added", { name: location.name });
  },
);

export const updateLocationAction = action(
  {
    auth: "administrator",
    ids: ["locationId"],
    input: { schema: UpdateLocationInput, fields: LOCATION_FIELDS },
    revalidate: PATH,
  },
  async ({ viewer, ids: { locationId }, input }) => {
    await updateLocation({ db: viewer.db, locationId, input });
    const t = await getTranslations("LocationsActions");
    return t("saved");
  },
);

export const setLocationStatusAction = action(
  {
    auth: "administrator",
    ids: ["locationId"],
    input: { schema: ProgrammeStatusSchema, fields: formField("status") },
    revalidate: PATH,
  },
  async ({ viewer, ids: { locationId }, input: status }) => {
    await updateLocation({ db: viewer.db, locationId, input: { status } });
  },
);
