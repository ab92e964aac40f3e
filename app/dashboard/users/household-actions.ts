"use server";

import { getTranslations } from "next-intl/server";
import { readRaw, readText } from "@/components/forms/form-data";
import { addDependant } from "@/lib/households/add-dependant";
import { CreateDependantInput } from "@/lib/schemas/user-input";
import { action } from "@/lib/web/action";

/** A child added to a member at the desk: POST /users/{userId}/dependants's own function. */
export const addChildAtDeskAction = action(
  {
    auth: "administrator",
    ids: ["userId"],
    input: { schema: CreateDependantInput, fields: { displayName: readRaw, dateOfBirth: readText } },
    revalidate: (formData) => ["/dashboard/users", `/dashboard/users/${readText(formData, "userId") ?? ""}`],
  },
  async ({ viewer, ids: { userId }, input }) => {
    const child = await addDependant({ db: viewer.db, accountId: viewer.accountId, guardianId: userId, input });
    const t = await getTranslations("Household");
    return t("childAddedAtDesk", { name: child.displayName });
  },
);
