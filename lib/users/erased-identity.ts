// What an erased identity looks like (erase-person.ts). No server-only: the email transport, which
// runs in worker threads, asks it too.

/**
 * The reserved top-level domain `.invalid` (RFC 2606) never resolves: an address under it cannot
 * receive mail and is never a real person's, so it cannot collide with anyone signing up later.
 */
const ERASED_DOMAIN = "erased.invalid";

/** The email an erased identity keeps: unique (the user's id) and undeliverable. */
export function erasedEmail(userId: string): string {
  return `${userId}@${ERASED_DOMAIN}`;
}

/** An address no email is ever sent to: any under `.invalid`, erased identities' among them. */
export function isUndeliverable(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}
