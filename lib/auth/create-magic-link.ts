import "server-only";
import type { Prisma, PrismaClient } from "@prisma/client";
import { db } from "@/lib/db";
import { hashToken, newSecretToken } from "./tokens";

export const MAGIC_LINK_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Stores a new single-use sign-in link for a user of an account and returns its token; only the
 * token's SHA-256 hash is stored. Older unexpired links stay valid (decisions §2).
 */
export async function createMagicLink(
  input: { userId: string; accountId: string },
  client: PrismaClient | Prisma.TransactionClient = db,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + MAGIC_LINK_LIFETIME_MS);
  await client.magicLink.create({
    data: { tokenHash: hashToken(token), userId: input.userId, accountId: input.accountId, expiresAt },
  });
  return { token, expiresAt };
}
