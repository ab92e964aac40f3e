"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { findAccountSlug } from "@/lib/account/find-account-slug";
import { consumeMagicLink } from "@/lib/auth/consume-magic-link";
import { landingPath } from "@/lib/auth/landing-path";
import type { Persona } from "@/lib/auth/persona";
import { webSessionCookie } from "@/lib/auth/web-session-cookie";
import { AppError } from "@/lib/errors";
import { ConsumeMagicLinkInput } from "@/lib/schemas/auth";

/**
 * The button on /sign-in/verify: consumes the link (the API's own function), sets the web session
 * cookie and goes where the person's role works: the dashboard or the studio's schedule.
 */
export async function signInWithLink(formData: FormData): Promise<void> {
  const input = ConsumeMagicLinkInput.safeParse({ token: formData.get("token") });
  if (!input.success) redirect("/sign-in/verify?error=expired");
  let session: { id: string; expiresAt: string };
  let accountId: string;
  let persona: Persona;
  try {
    ({
      session,
      membership: { accountId, persona },
    } = await consumeMagicLink({ token: input.data.token, kind: "web" }));
  } catch (error) {
    if (error instanceof AppError && error.code === "magic_link_invalid") redirect("/sign-in/verify?error=expired");
    throw error;
  }
  (await cookies()).set(webSessionCookie(session));
  // Staff to the dashboard, attendees to the studio's schedule (lib/auth/landing-path.ts).
  redirect(landingPath({ persona, slug: await findAccountSlug({ accountId }) }));
}
