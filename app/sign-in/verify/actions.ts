"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { findAccountSlug } from "@/lib/account/find-account-slug";
import { looksLikeSlug } from "@/lib/auth/account-slug";
import { consumeMagicLink } from "@/lib/auth/consume-magic-link";
import { landingPath } from "@/lib/auth/landing-path";
import type { Persona } from "@/lib/auth/persona";
import { webSessionCookie } from "@/lib/auth/web-session-cookie";
import { AppError } from "@/lib/errors";
import { ConsumeMagicLinkInput } from "@/lib/schemas/auth";
import { safeReturnTo } from "@/lib/web/return-to";

/**
 * The button on /sign-in/verify: consumes the link (the API's own function), sets the web session
 * cookie and goes back where the person started (the link's `returnTo`, a path of this site only),
 * else where the person's role works: the dashboard or the studio's schedule.
 */
export async function signInWithLink(formData: FormData): Promise<void> {
  // An expired link's answer stays on the studio the link was for, in its language.
  const account = formData.get("account");
  const query: Record<string, string> = looksLikeSlug(account) ? { error: "expired", account } : { error: "expired" };
  const expired = `/sign-in/verify?${new URLSearchParams(query)}`;
  const input = ConsumeMagicLinkInput.safeParse({ token: formData.get("token") });
  if (!input.success) redirect(expired);
  let session: { id: string; expiresAt: string };
  let accountId: string;
  let persona: Persona;
  try {
    ({
      session,
      membership: { accountId, persona },
    } = await consumeMagicLink({ token: input.data.token, kind: "web" }));
  } catch (error) {
    if (error instanceof AppError && error.code === "magic_link_invalid") redirect(expired);
    throw error;
  }
  (await cookies()).set(webSessionCookie(session));
  const returnTo = safeReturnTo(formData.get("returnTo"));
  if (returnTo) redirect(returnTo);
  // Else staff to the dashboard, attendees to the studio's schedule (lib/auth/landing-path.ts).
  redirect(landingPath({ persona, slug: await findAccountSlug({ accountId }) }));
}
