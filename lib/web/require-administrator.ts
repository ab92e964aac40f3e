import "server-only";
import { notFound, redirect } from "next/navigation";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { isStaff, managesInstance } from "@/lib/auth/instance-permission";
import { findInstanceWithEvent } from "@/lib/programme/find-instance-with-event";
import { getViewer } from "@/lib/web/viewer";

/**
 * The signed-in administrator of the active account, for a dashboard page or server action. A
 * teacher is sent to their home (`/dashboard`: the classes they teach); anybody else gets the
 * not-found page (the layout checks too: this is defence in depth).
 */
export async function requireAdministrator(): Promise<PersonAuth> {
  const viewer = await getViewer();
  if (viewer?.persona === "teacher") redirect("/dashboard");
  if (!viewer || viewer.persona !== "administrator") notFound();
  return viewer;
}

/** The signed-in administrator or teacher of the active account (`isStaff`); anybody else: not found. */
export async function requireStaff(): Promise<PersonAuth> {
  const viewer = await getViewer();
  if (!viewer || !isStaff(viewer.persona)) notFound();
  return viewer;
}

/**
 * A class page's viewer and class: staff who manage it (`managesInstance`: an administrator, or a
 * teacher who teaches it). Another account's class (or none): not found; a class the teacher does
 * not teach: back to their home.
 */
export async function requireClassManager(instanceId: string) {
  const viewer = await requireStaff();
  const instance = await findInstanceWithEvent({ db: viewer.db, instanceId });
  if (!instance) notFound();
  if (!managesInstance(viewer, instance)) redirect("/dashboard");
  return { viewer, instance };
}
