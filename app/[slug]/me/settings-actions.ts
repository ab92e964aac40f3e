"use server";

import { redirect } from "next/navigation";
import { revokeCalendarFeed } from "@/lib/calendar/personal-feed";
import { updateMyProfile } from "@/lib/users/update-my-profile";
import { getViewer } from "@/lib/web/viewer";
import { getPublicStudio, viewerOf } from "../studio";

/** A new calendar link: DELETE /me/calendar's own function; the page then makes and shows the new one. */
export async function renewCalendarLinkAction(slug: string): Promise<void> {
  const [signedIn, account] = await Promise.all([getViewer(), getPublicStudio(slug)]);
  const viewer = viewerOf(signedIn, account);
  if (viewer) await revokeCalendarFeed({ db: viewer.db, userId: viewer.userId });
  redirect(`/${account.slug}/me?calendar=renewed#calendar`);
}

/** Email reminders on or off: PATCH /me `emailReminders`'s own function. */
export async function setEmailRemindersAction(slug: string, on: boolean): Promise<void> {
  const [signedIn, account] = await Promise.all([getViewer(), getPublicStudio(slug)]);
  const viewer = viewerOf(signedIn, account);
  if (viewer) await updateMyProfile({ userId: viewer.userId, emailReminders: on });
  redirect(`/${account.slug}/me?reminders=${on ? "on" : "off"}#reminders`);
}
