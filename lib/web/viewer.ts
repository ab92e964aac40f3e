import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { authenticateCredential, type PersonAuth } from "@/lib/auth/authenticate-credential";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { AppError } from "@/lib/errors";

/**
 * The signed-in person of a page or server action, from the same `session` / `demo_session` cookies
 * and the same session store as the API; undefined when nobody (or an expired session) is signed in.
 * Cached per request, so a layout and its page share one lookup.
 */
export const getViewer = cache(async (): Promise<PersonAuth | undefined> => {
  const store = await cookies();
  const token = store.get(SESSION_COOKIE)?.value ?? store.get(DEMO_SESSION_COOKIE)?.value;
  if (!token) return undefined;
  try {
    const auth = await authenticateCredential({ token, via: "cookie" });
    return auth.kind === "person" ? auth : undefined; // a key is refused in a cookie; pages are people's
  } catch (error) {
    if (error instanceof AppError && error.code === "authentication_required") return undefined;
    throw error;
  }
});
