"use server";

import { readRaw, readText } from "@/components/forms/form-data";
import { addDependant } from "@/lib/households/add-dependant";
import { removeDependant } from "@/lib/households/remove-dependant";
import { CreateDependantInput } from "@/lib/schemas/user-input";
import { studioFormAction } from "@/lib/web/action";
import { studioPath, studioSite } from "../studio-paths";

/** The children section of My page, saying what happened (`added`, `invalid`, `removed`). */
const children = (slug: string, outcome: string) => studioPath(slug, `/me?children=${outcome}#children`);

/** Add a child: POST /me/dependants's own function; back on the page with what happened. */
export const addChildAction = studioFormAction(
  {
    auth: "member",
    input: { schema: CreateDependantInput, fields: { displayName: readRaw, dateOfBirth: readText } },
    ...studioSite,
    otherwise: (form) => children(readText(form, "slug") ?? "", "invalid"),
  },
  async ({ viewer, slug, input }) => {
    await addDependant({ db: viewer.db, accountId: viewer.accountId, guardianId: viewer.userId, input });
    return { redirectTo: children(slug, "added") };
  },
);

/**
 * Remove a child: DELETE /me/dependants/{userId}'s own function (their future bookings cancelled).
 * Someone else's, or gone already: nothing to remove, and the page says the same.
 */
export const removeChildAction = studioFormAction(
  {
    auth: "member",
    ids: ["userId"],
    ...studioSite,
    otherwise: (form) => children(readText(form, "slug") ?? "", "removed"),
  },
  async ({ viewer, slug, ids: { userId } }) => {
    await removeDependant({ db: viewer.db, accountId: viewer.accountId, guardianId: viewer.userId, userId });
    return { redirectTo: children(slug, "removed") };
  },
);
