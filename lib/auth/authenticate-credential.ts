import "server-only";
import { Prisma } from "@prisma/client";
import { getDatabase } from "@/lib/db";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Persona } from "./persona";
import { hashToken } from "./tokens";

/** A credential as presented: in an `Authorization: Bearer` header or in a session cookie. */
export type Credential = { token: string; via: "bearer" | "cookie" };

type AuthBase = {
  accountId: string;
  persona: Persona;
  /** Prisma scoped to the active account: the only way handlers reach tenant data. */
  db: TenantDb;
};

/** A signed-in person: a session of a member of the account. */
export type PersonAuth = AuthBase & {
  kind: "person";
  userId: string;
  /** The presented credential, so that a handler can act on its own session (logout, switch). */
  session: { token: string; tokenHash: string; kind: string; expiresAt: Date; via: Credential["via"] };
};

/**
 * An API key (decision 0021): an administrator of its account for account-scoped operations, but no
 * person, so no user id (nothing it does is written as a user's) and no session. Bearer only.
 */
export type ApiKeyAuth = AuthBase & { kind: "api_key"; apiKeyId: string; userId: null; session: null };

export type Auth = PersonAuth | ApiKeyAuth;

type CredentialRow = {
  userId: string | null;
  apiKeyId: string | null;
  accountId: string;
  persona: Persona;
  kind: string;
  expiresAt: Date | null;
};

/**
 * Resolves a presented credential (a session token or an API key's secret); 401 when it is unknown,
 * expired, without membership, or an API key presented in a cookie.
 */
export async function authenticateCredential(credential: Credential): Promise<Auth> {
  const tokenHash = hashToken(credential.token);
  // One round trip on every authenticated request; what makes a credential valid is studio_session's
  // (prisma/sql/functions/studio_session.sql), which the booking statement checks the same way.
  const [row] = await getDatabase().raw.query<CredentialRow>(Prisma.sql`
    SELECT * FROM studio_session(${tokenHash}, ${new Date()}, ${env().DEMO_MODE})`);
  if (!row) throw new AppError("authentication_required");
  const { accountId, persona } = row;
  const db = lazyTenantDb(accountId);
  if (row.apiKeyId !== null) {
    if (credential.via !== "bearer") throw new AppError("authentication_required"); // keys are never cookies
    return {
      kind: "api_key",
      apiKeyId: row.apiKeyId,
      userId: null,
      session: null,
      accountId,
      persona,
      get db() {
        return db();
      },
    };
  }
  const session = {
    token: credential.token,
    tokenHash,
    kind: row.kind,
    expiresAt: row.expiresAt!,
    via: credential.via,
  };
  return {
    kind: "person",
    userId: row.userId!,
    session,
    accountId,
    persona,
    get db() {
      return db();
    },
  };
}

/** Built on first use: hot paths that use raw SQL never pay for it. */
function lazyTenantDb(accountId: string): () => TenantDb {
  let scoped: TenantDb | undefined;
  return () => (scoped ??= tenantDb(accountId));
}
