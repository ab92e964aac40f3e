import "server-only";
import type { Prisma, PrismaClient } from "@prisma/client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sealToken } from "./seal-token";
import { hashToken, newSecretToken } from "./tokens";

export const MAGIC_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** What the link's email needs besides the user and the studio: the page's language, where the link leads. */
export type SignInEmailRequest = { askedOn?: string | null; returnTo?: string | null };

/**
 * Stores a new single-use sign-in link for a user of an account and returns its token; only the
 * token's SHA-256 hash is stored to sign in with. Older unexpired links stay valid (decisions §2).
 * With `email`, the link's email waits in the same row, its token sealed, for the jobs runner
 * (lib/auth/sign-in-email-jobs.ts); its commit wakes the runner (lib/db/outbox-writes.ts).
 */
export async function createMagicLink(
  input: {
    userId: string;
    accountId: string;
    email?: SignInEmailRequest;
    /** NextAuth's own token and expiry, for a link its email provider issues. */
    token?: string;
    expiresAt?: Date;
  },
  client: PrismaClient | Prisma.TransactionClient = db,
): Promise<{ token: string; expiresAt: Date }> {
  const token = input.token ?? newSecretToken();
  const expiresAt = input.expiresAt ?? new Date(Date.now() + MAGIC_LINK_LIFETIME_MS);
  await client.magicLink.create({
    data: {
      tokenHash: hashToken(token),
      userId: input.userId,
      accountId: input.accountId,
      expiresAt,
      ...(input.email
        ? {
            sealedToken: sealToken(token, env().AUTH_SECRET),
            askedOn: input.email.askedOn ?? null,
            returnTo: input.email.returnTo ?? null,
          }
        : {}),
    },
  });
  return { token, expiresAt };
}
