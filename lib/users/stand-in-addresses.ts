// The addresses of people who have none to give (decisions 0031, 0032, 0038). User.email is the
// identity's key, unique and required, so each of them keeps a stand-in under the reserved top-level
// domain `.invalid` (RFC 2606): it never resolves, is never a real person's (so it cannot collide with
// anyone signing up later), is never sent to (lib/email/transport.ts asks isRealEmail) and never
// leaves as an address: answers, exports and pages show `realEmail` (null), and the people search
// leaves it out of the search key (prisma/sql/functions/real_email.sql, the same rule in SQL).
// No server-only: the email transport's worker threads and the user serializer ask it too.

const NO_EMAIL_DOMAIN = "no-email.invalid";
const ERASED_DOMAIN = "erased.invalid";
const DEPENDANT_DOMAIN = "dependant.invalid";

/** A walk-in or guest who gave no email: a fresh, unique stand-in. */
export function noEmailAddress(): string {
  return `${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
}

/** The email an erased identity keeps: unique (the user's id) and undeliverable. */
export function erasedEmail(userId: string): string {
  return `${userId}@${ERASED_DOMAIN}`;
}

/** The suffix of every erased identity's email, for a database filter (`endsWith`). */
export const ERASED_EMAIL_SUFFIX = `@${ERASED_DOMAIN}`;

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

/**
 * Whether a stored address is a real person's: not a stand-in, i.e. not under `.invalid` (every
 * stand-in above, and anything else under that domain). The one rule of "is this a real address":
 * the email transport, the serializers, exports and pages ask it; real_email.sql is its SQL twin
 * (held together by lib/users/real-email.test.ts).
 */
export function isRealEmail(email: string): boolean {
  return !/\.invalid$/i.test(email.trim());
}

/** A stored address as it leaves (an answer, an export, a page): null for a stand-in. */
export function realEmail(email: string): string | null {
  return isRealEmail(email) ? email : null;
}
