import "server-only";
import type { NextRequest } from "next/server";
import { Prisma } from "@prisma/client";
import { getDatabase } from "@/lib/db";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { hashToken } from "@/lib/auth/tokens";
import { env } from "@/lib/env";

export const SESSION_COOKIE = "session";
export const DEMO_SESSION_COOKIE = "demo_session";

export type Persona = "administrator" | "attendee";

export type Auth = {
  userId: string;
  accountId: string;
  persona: Persona;
  /** The presented credential, so that a handler can act on its own session (logout, switch). */
  session: { token: string; tokenHash: string; kind: string; expiresAt: Date; via: "bearer" | "cookie" };
  /** Prisma scoped to the active account: the only way handlers reach tenant data. */
  db: TenantDb;
};

export type Credential = { token: string; via: "bearer" | "cookie" };

/** The credential a request presents (not yet checked); undefined when none. */
export function presentedCredential(request: NextRequest): Credential | undefined {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new AppError("authentication_required");
    return { token: match[1], via: "bearer" };
  }
  const cookie = request.cookies.get(SESSION_COOKIE)?.value ?? request.cookies.get(DEMO_SESSION_COOKIE)?.value;
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

/** Resolves the session behind the request, or undefined when none is presented. */
export async function authenticate(request: NextRequest): Promise<Auth | undefined> {
  const credential = presentedCredential(request);
  return credential ? authenticateCredential(credential) : undefined;
}

type SessionRow = { userId: string; accountId: string; persona: Persona; kind: string; expiresAt: Date };

/** Resolves a presented session credential; 401 when it is unknown, expired or without membership. */
export async function authenticateCredential(credential: Credential): Promise<Auth> {
  const tokenHash = hashToken(credential.token);
  // One round trip on every authenticated request; what makes a session valid is studio_session's
  // (prisma/migrations/…_booking_functions), which the booking statement checks the same way.
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

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Cookie-authenticated writes must come from our own origin (decisions §2); Bearer is exempt. */
export function assertSameOrigin(request: NextRequest, via: Credential["via"]): void {
  if (via !== "cookie" || !UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const sameOrigin =
    origin !== null
      ? origin === new URL(env().APP_URL).origin
      : request.headers.get("sec-fetch-site") === "same-origin";
  if (!sameOrigin) throw new AppError("insufficient_permission");
}
