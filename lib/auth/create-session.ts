import "server-only";
import type { Prisma, PrismaClient } from "@prisma/client";
import { db } from "@/lib/db";
import { hashToken, newSecretToken } from "./tokens";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const DEMO_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SessionKind = "bearer" | "web" | "demo";

/** Creates a session and returns its credential; only the credential's hash is stored. */
export async function createSession(
  input: { userId: string; accountId: string; kind: SessionKind },
  client: PrismaClient | Prisma.TransactionClient = db,
): Promise<{ token: string; userId: string; accountId: string; expiresAt: Date }> {
  const token = newSecretToken();
  const lifetime = input.kind === "demo" ? DEMO_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS;
  const expiresAt = new Date(Date.now() + lifetime);
  await client.session.create({
    data: { tokenHash: hashToken(token), userId: input.userId, accountId: input.accountId, kind: input.kind, expiresAt },
  });
  return { token, userId: input.userId, accountId: input.accountId, expiresAt };
}
