// How a person's address reads on a page, an email, a receipt or an export for a person: never a
// stand-in (lib/users/stand-in-addresses.ts). No server-only: the receipt's worker threads ask it too.
import type { Translator } from "@/lib/i18n/translator";
import { isRealEmail } from "./stand-in-addresses";

export type ContactPerson = {
  /** The stored address, or the answered one (null for a stand-in). */
  email: string | null;
  /** A dependant's guardian, or the host of a guest without an email (decision 0038). */
  guardian?: { displayName: string } | null;
  /** A guest brought by `guardian`, not their child (when `email` is the answered one, null). */
  guest?: boolean;
};

/** A stored address of a guest a host brought without an email (lib/households/book-guest.ts). */
const GUEST_ADDRESS = /@no-email\.invalid$/i;

/** Whether a stored address with a guardian is a guest's (else a dependant's). */
export function isGuestAddress(email: string): boolean {
  return GUEST_ADDRESS.test(email.trim());
}

/**
 * The person's email; without one, who they belong to ("Barn af Nanna Søndergaard", "Gæst af …"),
 * else "Ingen e-mail". `t` is the catalogue's Contact namespace.
 */
export function contactLabel(person: ContactPerson, t: Translator<"Contact">): string {
  if (person.email !== null && isRealEmail(person.email)) return person.email;
  if (!person.guardian) return t("noEmail");
  const guardian = person.guardian.displayName;
  return (person.guest ?? (person.email !== null && isGuestAddress(person.email)))
    ? t("guestOf", { guardian })
    : t("childOf", { guardian });
}
