import { possessive } from "@/lib/format/possessive";
import type { Locale } from "@/lib/i18n/locales";
import { isDependantEmail } from "@/lib/users/stand-in-addresses";

type Named = { displayName: string; email: string | null; guardian?: { displayName: string } | null };

/**
 * A name as rosters and the person page show it: a dependant with their guardian, "Ida (Mette Holm's
 * child)" / "Ida (Mette Holms barn)" (`childOf` the catalogue's Household.childOf); anyone else by name.
 */
export function nameWithGuardian(
  user: Named,
  language: Locale,
  childOf: (values: { name: string; guardian: string }) => string,
): string {
  const name = user.displayName || (user.email ?? "");
  const isChild = user.guardian && (user.email === null || isDependantEmail(user.email));
  return isChild ? childOf({ name, guardian: possessive(user.guardian!.displayName, language) }) : name;
}
