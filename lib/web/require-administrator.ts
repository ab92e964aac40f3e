import "server-only";
import { notFound } from "next/navigation";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { getViewer } from "@/lib/web/viewer";

/**
 * The signed-in administrator of the active account, for a dashboard page or server action; anybody
 * else gets the not-found page (the layout checks too: this is defence in depth).
 */
export async function requireAdministrator(): Promise<Auth> {
  const viewer = await getViewer();
  if (!viewer || viewer.persona !== "administrator") notFound();
  return viewer;
}
