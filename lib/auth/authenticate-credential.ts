import "server-only";
import { Prisma } from "@prisma/client";
import { getDatabase } from "@/lib/db";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Persona } from "./persona";
import { hashToken } from "./tokens";

/** A session token as presented: in an `Authorization: Bearer` header or in a session cookie. */
export type Credential = { token: string; via: "bearer" | "cookie" };

export type Auth = {
  userId: string;
  accountId: string;
  persona: Persona;
  /** The presented credential, so that a handler can act on its own session (logout, switch). */
  session: { token: string; tokenHash: string; kind: string; expiresAt: Date; via: Credential["via"] };
  /** Prisma scoped to the active account: the only way handlers reach tenant data. */
  db: TenantDb;
};

type SessionRow = { userId: string; accountId: string; persona: Persona; kind: string; expiresAt: Date };

/** Resolves a presented session credential; 401 when it is unknown, expired or without membership. */
export async function authenticateCredential(credential: Credential): Promise<Auth> {
  const tokenHash = hashToken(credential.token);
  // One round trip on every authenticated request; what makes a session valid is studio_session's
  // (prisma/sql/functions/studio_session.sql), which the booking statement checks the same way.
  const [session] = await getDatabase().raw.query<SessionRow>(Prisma.sql`
    SELECT * FROM studio_session(${tokenHash}, ${new Date()}, ${env().DEMO_MODE})`);
  if (!session) throw new AppError("authentication_required");
  const { accountId, expiresAt } = session;
  let scoped: TenantDb | undefined;
  return {
    userId: session.userId,
    accountId,
    persona: session.persona,
    session: { token: credential.token, tokenHash, kind: session.kind, expiresAt, via: credential.via },
    get db() {
      return (scoped ??= tenantDb(accountId)); // built on first use: hot paths that use raw SQL never pay for it
    },
  };
}
