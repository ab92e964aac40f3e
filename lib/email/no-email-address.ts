// People added at the door without an email still need a unique address (User.email is the
// identity's key). They get one on the reserved top-level domain `.invalid` (RFC 2606: it never
// resolves), which nothing sends to and the pages show as "no email".

const NO_EMAIL_DOMAIN = "no-email.invalid";

/** A fresh, unique stand-in address for a person who gave none. */
export function noEmailAddress(): string {
  return `${crypto.randomUUID()}@${NO_EMAIL_DOMAIN}`;
}

/** Whether `email` is a stand-in for "no email": no message is sent to it and pages do not show it. */
export function isNoEmailAddress(email: string): boolean {
  return email.endsWith(`@${NO_EMAIL_DOMAIN}`);
}
