"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { revokeCalendarFeed } from "@/lib/calendar/personal-feed";
import { AppError } from "@/lib/errors";
import { errorMessageIn } from "@/lib/i18n/error-messages";
import { pageLanguage } from "@/lib/i18n/page-language";
import { erasePerson } from "@/lib/users/erase-person";
import { updateMyProfile } from "@/lib/users/update-my-profile";
import { getViewer } from "@/lib/web/viewer";
import type { ActionResult } from "../actions";
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

/**
 * Delete my profile: DELETE /me's own function. Signed out and back on this page, which says it is
 * done; a refusal (the studio's last administrator) in the page's language.
 */
export async function deleteProfileAction(slug: string): Promise<ActionResult> {
  const [signedIn, account] = await Promise.all([getViewer(), getPublicStudio(slug)]);
  const viewer = viewerOf(signedIn, account);
  if (!viewer) return { ok: false, error: errorMessageIn(await pageLanguage(), "authentication_required") };
  try {
    await erasePerson({ accountId: viewer.accountId, userId: viewer.userId, requestedBy: { kind: "self" } });
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: errorMessageIn(await pageLanguage(), error.code) };
    throw error;
  }
  const store = await cookies();
  store.delete(SESSION_COOKIE);
  store.delete(DEMO_SESSION_COOKIE);
  redirect(`/${account.slug}/me?profile=deleted`);
}
