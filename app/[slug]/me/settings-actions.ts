"use server";

import { cookies } from "next/headers";
import { readCheckbox, readText } from "@/components/forms/form-data";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { revokeCalendarFeed } from "@/lib/calendar/personal-feed";
import { UpdateMeInput } from "@/lib/schemas/user-input";
import { erasePerson } from "@/lib/users/erase-person";
import { updateMyProfile } from "@/lib/users/update-my-profile";
import { studioAction, studioFormAction } from "@/lib/web/action";
import { studioPath, studioSite } from "../studio-paths";

const calendarRenewed = (slug: string) => studioPath(slug, "/me?calendar=renewed#calendar");

/** A new calendar link: DELETE /me/calendar's own function; the page then makes and shows the new one. */
export const renewCalendarLinkAction = studioFormAction(
  { auth: "member", ...studioSite, otherwise: (form) => calendarRenewed(readText(form, "slug") ?? "") },
  async ({ viewer, slug }) => {
    await revokeCalendarFeed({ db: viewer.db, userId: viewer.userId });
    return { redirectTo: calendarRenewed(slug) };
  },
);

const remindersSet = (slug: string, on: boolean) => studioPath(slug, `/me?reminders=${on ? "on" : "off"}#reminders`);

/** Email reminders on or off (`emailReminders`): PATCH /me's own function. */
export const setEmailRemindersAction = studioFormAction(
  {
    auth: "member",
    input: { schema: UpdateMeInput, fields: { emailReminders: readCheckbox } },
    ...studioSite,
    otherwise: (form) => remindersSet(readText(form, "slug") ?? "", readCheckbox(form, "emailReminders")),
  },
  async ({ viewer, slug, input: { emailReminders } }) => {
    await updateMyProfile({ userId: viewer.userId, emailReminders });
    return { redirectTo: remindersSet(slug, emailReminders === true) };
  },
);

/**
 * Delete my profile: DELETE /me's own function. Signed out and back on this page, which says it is
 * done; a refusal (the studio's last administrator) in the page's language.
 */
export const deleteProfileAction = studioAction({ auth: "member", ...studioSite }, async ({ viewer, slug }) => {
  await erasePerson({ accountId: viewer.accountId, userId: viewer.userId, requestedBy: { kind: "self" } });
  const store = await cookies();
  store.delete(SESSION_COOKIE);
  store.delete(DEMO_SESSION_COOKIE);
  return { redirectTo: studioPath(slug, "/me?profile=deleted") };
});
