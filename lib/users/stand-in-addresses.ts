// The addresses of people who have none to give (decisions 0031, 0032, 0038). User.email is the
// identity's key, unique and required, so each of them keeps a stand-in under the reserved top-level
// domain `.invalid` (RFC 2606): it never resolves, is never a real person's (so it cannot collide with
// anyone signing up later) and is never sent to (lib/email/transport.ts asks isUndeliverable).
// No server-only: the email transport's worker threads and the user serializer ask it too.

const NO_EMAIL_DOMAIN = "no-email.invalid";
const ERASED_DOMAIN = "erased.invalid";
const DEPENDANT_DOMAIN = "dependant.invalid";

/** A walk-in or guest who gave no email: a fresh, unique stand-in. */
export function noEmailAddress(): string {
  return `${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
}

/** Whether `email` stands in for "no email" (a walk-in's, a guest's): pages do not show it. */
export function isNoEmailAddress(email: string): boolean {
  return email.endsWith(`@${NO_EMAIL_DOMAIN}`);
}

/** The email an erased identity keeps: unique (the user's id) and undeliverable. */
export function erasedEmail(userId: string): string {
  return `${userId}@${ERASED_DOMAIN}`;
}

/** A dependant's stored email, derived from its id (a new dependant's too: `crypto.randomUUID()`). */
export function dependantEmail(userId: string): string {
  return `${userId}@${DEPENDANT_DOMAIN}`;
}

/** Whether a stored email is a dependant's: shown as null, never sent to, never signed in with. */
export function isDependantEmail(email: string): boolean {
  return email.endsWith(`@${DEPENDANT_DOMAIN}`);
}

/** The suffix of every dependant's email, for a database filter (`endsWith`). */
export const DEPENDANT_EMAIL_SUFFIX = `@${DEPENDANT_DOMAIN}`;

/** The stored email of a user read from the wire (`email: null` is a dependant's): people lists' cursors. */
export function storedEmail(user: { id: string; email: string | null }): string {
  return user.email ?? dependantEmail(user.id);
}

/** An address no email is ever sent to: any under `.invalid`, every stand-in above among them. */
export function isUndeliverable(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}
