// Server actions called from another site are refused here, in our HTTP server (scripts/next-server.ts),
// before Next sees them (issue 43 §6.3). Next refuses them too (its check of `Origin` against the
// host, app-render/action-handler.js), but by throwing "Invalid Server Actions request.": a 500, and
// for a form posted without JavaScript its error page. The rule below is Next's own, so what is
// refused here is exactly what Next would have aborted; anything else goes on to Next unchanged.
// No "server-only": this server runs outside Next's bundles.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ERRORS } from "../errors";
import { everyResponseHeaders } from "./security-headers";

/**
 * Whether `request` would reach Next as a server action from a foreign origin: a POST to a page
 * (not /api, where route handlers answer) that carries a `Next-Action` header or a multipart form
 * (a form posted without JavaScript names its action in the body), with an `Origin` whose host is
 * neither `X-Forwarded-Host`'s first value nor, without it, `Host`. No `Origin`: Next lets it through
 * (a browser always sends one with a POST), and so do we. An `Origin` that is not a URL is foreign.
 * The app sets no `serverActions.allowedOrigins`, Next's only exception.
 */
export function isForeignServerAction(request: IncomingMessage): boolean {
  if (request.method !== "POST") return false;
  const path = request.url ?? "";
  if (path === "/api" || path.startsWith("/api/") || path.startsWith("/api?")) return false;
  const contentType = request.headers["content-type"] ?? "";
  if (request.headers["next-action"] === undefined && !contentType.startsWith("multipart/form-data")) return false;
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  const originHost = origin === "null" ? "null" : hostOf(origin);
  return originHost === undefined || originHost !== requestHost(request);
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** The host Next compares the origin with: the first `X-Forwarded-Host`, else `Host`. */
function requestHost(request: IncomingMessage): string | undefined {
  const forwarded = request.headers["x-forwarded-host"];
  const first = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(",")[0]?.trim();
  return first || request.headers.host;
}

const BODY = JSON.stringify({ error: ERRORS.insufficient_permission.message });

/** 403 `{"error":"Insufficient permission"}` with the headers every response carries; no stack, no page. */
export function refuseForeignServerAction(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(ERRORS.insufficient_permission.status, {
    ...BASE_HEADERS,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(BODY),
    "Cache-Control": "no-store",
  });
  response.end(BODY);
  request.resume(); // the form's body is read and dropped, so the connection stays usable
}

const BASE_HEADERS = everyResponseHeaders();
