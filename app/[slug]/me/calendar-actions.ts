"use server";

import { redirect } from "next/navigation";
import { revokeCalendarFeed } from "@/lib/calendar/personal-feed";
import { getViewer } from "@/lib/web/viewer";
import { getPublicStudio, viewerOf } from "../studio";

/** A new calendar link: DELETE /me/calendar's own function; the page then makes and shows the new one. */
export async function renewCalendarLinkAction(slug: string): Promise<void> {
  const [signedIn, account] = await Promise.all([getViewer(), getPublicStudio(slug)]);
  const viewer = viewerOf(signedIn, account);
  if (viewer) await revokeCalendarFeed({ db: viewer.db, userId: viewer.userId });
  redirect(`/${account.slug}/me?calendar=renewed#calendar`);
}
