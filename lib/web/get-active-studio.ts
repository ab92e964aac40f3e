import "server-only";
import { cache } from "react";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";

/** The studio's clock and language, for formatting in server components. */
export type Studio = { name: string; timezone: string; locale: string; currency: string };

/** The viewer's active studio (name, timezone, locale, currency), once per request. */
export const getActiveStudio = cache(async (viewer: PersonAuth): Promise<Studio> => {
  const account = await viewer.db.account.findUnique({
    where: { id: viewer.accountId },
    select: { name: true, timezone: true, locale: true, currency: true },
  });
  return account ?? { name: "Studio", timezone: "UTC", locale: "en", currency: "DKK" };
});
