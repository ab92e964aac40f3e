import "server-only";
import type { NextRequest } from "next/server";
import { authenticateCredential, type Auth, type Credential } from "@/lib/auth/authenticate-credential";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

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

/**
 * A write that needs no credential but that a page of another site must not make a visitor's
 * browser send (the demo's reset): refused when the request says it comes from another origin. A
 * client that is no browser sends neither header and is answered as before.
 */
export function assertNotCrossOrigin(request: NextRequest): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const crossOrigin =
    origin !== null
      ? origin !== new URL(env().APP_URL).origin
      : site !== null && site !== "same-origin" && site !== "none";
  if (crossOrigin) throw new AppError("insufficient_permission");
}
