import "server-only";
import type { Adapter, AdapterUser, VerificationToken } from "next-auth/adapters";
import { findAccountUser } from "./find-account-user";
import { decodeIdentifier } from "./nextauth-identifier";

/**
 * The part of a NextAuth adapter that its email provider needs, over our own tables. NextAuth issues
 * the link (token from newSecretToken) and its email provider stores it as a MagicLink row with its
 * email waiting (nextauth-options.ts): the same single-use 15-minute link the API issues, consumed
 * by the same code. NextAuth never consumes a link itself (useVerificationToken
 * finds nothing): consumption is a button press on /sign-in/verify, never a GET.
 */
export function nextAuthAdapter(): Adapter {
  return {
    async getUserByEmail(identifier: string): Promise<AdapterUser | null> {
      const identity = decodeIdentifier(identifier);
      const found = identity && (await findAccountUser(identity));
      if (!found) return null;
      return { id: found.user.id, email: found.user.email, name: found.user.displayName, emailVerified: null };
    },

    // NextAuth stores the link and sends its email at once (Promise.all); the email provider's
    // sendVerificationRequest stores the link with its email waiting beside it, in one row.
    async createVerificationToken(token: VerificationToken): Promise<VerificationToken> {
      return token;
    },

    async useVerificationToken(): Promise<VerificationToken | null> {
      return null;
    },
  };
}
