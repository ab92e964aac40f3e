import "server-only";
import type { Adapter, AdapterUser, VerificationToken } from "next-auth/adapters";
import { db } from "@/lib/db";
import { findAccountUser } from "./find-account-user";
import { decodeIdentifier } from "./nextauth-identifier";

/**
 * The part of a NextAuth adapter that its email provider needs, over our own tables. NextAuth issues
 * the link (token from newSecretToken, hashed with plain SHA-256 because the provider's secret is
 * empty) and this adapter stores it as a MagicLink row: the same single-use 15-minute link the API
 * issues, consumed by the same code. NextAuth never consumes a link itself (useVerificationToken
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

    async createVerificationToken(token: VerificationToken): Promise<VerificationToken> {
      const identity = decodeIdentifier(token.identifier);
      const found = identity && (await findAccountUser(identity));
      // The signIn callback lets only users of the account get this far.
      if (!found) throw new Error("sign-in identifier is not a user of the account");
      await db.magicLink.create({
        data: { tokenHash: token.token, userId: found.user.id, accountId: found.account.id, expiresAt: token.expires },
      });
      return token;
    },

    async useVerificationToken(): Promise<VerificationToken | null> {
      return null;
    },
  };
}
