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

function presentedCredential(request: NextRequest): Credential | undefined {
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

type SessionRow = {
  userId: string;
  accountId: string;
  kind: string;
  expiresAt: Date;
  userStatus: string;
  persona: Persona | null;
};

/** Resolves a presented session credential; 401 when it is unknown, expired or without membership. */
export async function authenticateCredential(credential: Credential): Promise<Auth> {
  const tokenHash = hashToken(credential.token);
  // One round trip on every authenticated request, without Prisma's per-query cost (an include would be three).
  const [session] = await getDatabase().raw.query<SessionRow>(Prisma.sql`
    SELECT s."userId", s."accountId", s."kind", s."expiresAt", u."status" AS "userStatus", m."persona"
      FROM "Session" s
      JOIN "User" u ON u."id" = s."userId"
      LEFT JOIN "Membership" m ON m."accountId" = s."accountId" AND m."userId" = s."userId"
     WHERE s."tokenHash" = ${tokenHash}`);
  const expiresAt = session?.expiresAt;
  const demoSessionOff = session?.kind === "demo" && !env().DEMO_MODE;
  if (
    !session ||
    !expiresAt ||
    expiresAt <= new Date() ||
    session.userStatus === "disabled" ||
    !session.persona ||
    demoSessionOff
  ) {
    throw new AppError("authentication_required");
  }
  const { accountId } = session;
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
export function assertSameOrigin(request: NextRequest, auth: Auth): void {
  if (auth.session.via !== "cookie" || !UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const sameOrigin =
    origin !== null
      ? origin === new URL(env().APP_URL).origin
      : request.headers.get("sec-fetch-site") === "same-origin";
  if (!sameOrigin) throw new AppError("insufficient_permission");
}
