import "server-only";
import { cache } from "react";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";

/** The studio's name, public slug, clock and language, for formatting in server components. */
export type Studio = { name: string; slug: string; timezone: string; locale: string; currency: string };

/** The viewer's active studio (name, timezone, locale, currency), once per request. */
export const getActiveStudio = cache(async (viewer: PersonAuth): Promise<Studio> => {
  const account = await viewer.db.account.findUnique({
    where: { id: viewer.accountId },
    select: { name: true, slug: true, timezone: true, locale: true, currency: true },
  });
  return account ?? { name: "Studio", slug: "", timezone: "UTC", locale: "en", currency: "DKK" };
});
