import "server-only";
import type { NextRequest } from "next/server";
import NextAuth from "next-auth/next";
import { nextAuthOptions } from "@/lib/auth/nextauth-options";
import { setNextAuthUrlFromAppUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clientIp } from "./client-address";
import { MAX_BODY_BYTES } from "./parse-input";
import { parseJsonText } from "./parse-json-text";
import { visitorLocale } from "./visitor-locale";

// The NextAuth endpoints the web sign-in uses; every other /api/auth/* path is a JSON 404 like any
// unknown path (NextAuth's own link callback and OAuth routes are not served).
const ALLOWED: Record<string, ReadonlySet<string>> = {
  GET: new Set(["csrf", "providers", "session", "signin", "error", "verify-request"]),
  POST: new Set(["signin/email", "signout", "_log"]),
};

type Body = Record<string, string>;
type Collected = { status: number; headers: Headers; body: string | undefined };

/**
 * Runs NextAuth for one request through its request/response interface (advanced initialization,
 * `NextAuth(req, res, options)`): the options are built per request (the form's accountId, the
 * client IP), and it reads cookies and headers from this Request rather than from Next's request
 * scope, so the same code runs under `next start` and in-process in the tests.
 */
export async function handleNextAuth(request: NextRequest, segments: string[]): Promise<Response> {
  const [action = "", providerId] = segments;
  const key = request.method === "POST" && providerId ? `${action}/${providerId}` : action;
  if (!ALLOWED[request.method]?.has(key) || segments.length > 2) throw new AppError("not_found");

  setNextAuthUrlFromAppUrl();

  const body = request.method === "POST" ? await readBody(request) : undefined;
  const req = {
    method: request.method,
    query: { ...Object.fromEntries(request.nextUrl.searchParams), nextauth: segments },
    body,
    cookies: Object.fromEntries(request.cookies.getAll().map((cookie) => [cookie.name, cookie.value])),
    headers: Object.fromEntries(request.headers),
  };
  const collected: Collected = { status: 200, headers: new Headers(), body: undefined };
  const res = {
    status(code: number) {
      collected.status = code;
      return res;
    },
    getHeader(name: string) {
      if (name.toLowerCase() === "set-cookie") return collected.headers.getSetCookie();
      return collected.headers.get(name) ?? undefined;
    },
    setHeader(name: string, value: string | string[]) {
      collected.headers.delete(name);
      for (const item of Array.isArray(value) ? value : [value]) collected.headers.append(name, item);
      return res;
    },
    send(payload: unknown) {
      collected.body = typeof payload === "string" ? payload : JSON.stringify(payload);
    },
    json(payload: unknown) {
      collected.headers.set("content-type", "application/json");
      collected.body = JSON.stringify(payload);
    },
    end() {},
  };
  const options = nextAuthOptions({
    accountId: body?.accountId,
    clientIp: clientIp(request.headers),
    // the sign-in form sends the language of its page; else the switcher's cookie, if any
    askedOn: body?.locale ?? visitorLocale(request),
    returnTo: body?.returnTo,
  });
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<unknown>)(req, res, options);
  return new Response(collected.body ?? null, { status: collected.status, headers: collected.headers });
}

/** A form or JSON body of string fields, at most 100 kB (413 beyond). */
async function readBody(request: NextRequest): Promise<Body> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new AppError("payload_too_large");
  const text = new TextDecoder().decode(bytes);
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  const value = text.trim() === "" ? {} : parseJsonText(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new AppError("validation_failed");
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
