// What a dependant's identity looks like (decision 0038): a child their guardian books and pays for.
// No server-only: the user serializer, which pages read too, asks it.

/**
 * User.email is unique and required, so a dependant keeps an address derived from its id under the
 * reserved top-level domain `.invalid` (RFC 2606, as erased identities and walk-ins without an
 * email do): never a real person's, never sent to (lib/email/transport.ts), so no sign-in link can
 * reach it, and shown on the wire as `email: null`.
 */
const DEPENDANT_DOMAIN = "dependant.invalid";

/** A dependant's stored email, derived from its id (a new dependant's too: `crypto.randomUUID()`). */
export function dependantEmail(userId: string): string {
  return `${userId}@${DEPENDANT_DOMAIN}`;
}

/** Whether a stored email is a dependant's: shown as null, never sent to, never signed in with. */
export function isDependantEmail(email: string): boolean {
  return email.endsWith(`@${DEPENDANT_DOMAIN}`);
}

/** The stored email of a user read from the wire (`email: null` is a dependant's): people lists' cursors. */
export function storedEmail(user: { id: string; email: string | null }): string {
  return user.email ?? dependantEmail(user.id);
}

/** The suffix of every dependant's email, for a database filter (`endsWith`). */
export const DEPENDANT_EMAIL_SUFFIX = `@${DEPENDANT_DOMAIN}`;
