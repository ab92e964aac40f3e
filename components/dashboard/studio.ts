import "server-only";
import { cache } from "react";
import type { Auth } from "@/lib/auth/authenticate-credential";
import type { Studio } from "./format";

/** The viewer's studio (name, timezone, locale, currency), once per request. */
export const getStudio = cache(async (viewer: Auth): Promise<Studio> => {
  const account = await viewer.db.account.findUnique({
    where: { id: viewer.accountId },
    select: { name: true, timezone: true, locale: true, currency: true },
  });
  return account ?? { name: "Studio", timezone: "UTC", locale: "en", currency: "DKK" };
});
