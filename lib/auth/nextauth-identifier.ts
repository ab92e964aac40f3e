import { Email, Id } from "@/lib/schemas/common";

// NextAuth's email flow knows one string per request, the "identifier". Ours must name the account
// as well as the person, since a user of one account is a stranger to another: "<accountId>|<email>".
// The account id comes first and never contains the separator, so the rest is the whole email.
const SEPARATOR = "|";

export type SignInIdentity = { accountId: string; email: string };

/** Normalizes the email (trim, lower-case) and joins it to the account; throws on invalid input. */
export function encodeIdentifier(accountId: unknown, email: unknown): string {
  const id = Id.parse(accountId);
  if (id.includes(SEPARATOR)) throw new Error("invalid account id");
  return `${id}${SEPARATOR}${Email.parse(email)}`;
}

export function decodeIdentifier(identifier: string): SignInIdentity | null {
  const at = identifier.indexOf(SEPARATOR);
  if (at <= 0) return null;
  const email = Email.safeParse(identifier.slice(at + 1));
  return email.success ? { accountId: identifier.slice(0, at), email: email.data } : null;
}
