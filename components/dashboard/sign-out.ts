"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { logout } from "@/lib/auth/logout";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { getViewer } from "@/lib/web/viewer";

/** Ends the viewer's session (web or demo) in the session store, clears both cookies, goes home. */
export async function signOutAction(): Promise<void> {
  const viewer = await getViewer();
  if (viewer) await logout({ tokenHash: viewer.session.tokenHash });
  const store = await cookies();
  store.delete(SESSION_COOKIE);
  store.delete(DEMO_SESSION_COOKIE);
  redirect("/");
}
