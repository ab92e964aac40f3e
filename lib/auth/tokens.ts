import { createHash, randomBytes } from "node:crypto";

/** A new secret credential: 32 random bytes, base64url (magic-link tokens, session ids). */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored instead of a credential. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
