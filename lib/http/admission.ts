// Overload is shed here, in our HTTP server (scripts/next-server.ts), before Next parses a URL or
// routes anything: a request past MAX_IN_FLIGHT_REQUESTS, or on a connection opened past
// MAX_OPEN_CONNECTIONS, is answered 503 with Retry-After at the cost of a few microseconds, so the
// requests already admitted keep their latency however much more arrives (docs/decisions/0010).
// No "server-only": this server runs outside Next's bundles.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { API_CONTENT_SECURITY_POLICY, everyResponseHeaders } from "./security-headers";

export type AdmissionLimits = { maxRequestsInFlight: number; maxOpenConnections: number };
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** Seconds a shed client is asked to wait (the contract's 503 always carries Retry-After). */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** Health probes are answered even under overload: a load balancer must not take a busy process for a dead one. */
const PROBES = new Set(["/api/health"]);

const overCapacity = new WeakSet<Socket>();

/**
 * Serves `handle` on `server` within `limits`. Counts are per process; a request counts from its
 * arrival until its response is finished or its connection closes.
 */
export function admitRequests(server: Server, limits: AdmissionLimits, handle: RequestHandler): void {
  let openConnections = 0;
  let requestsInFlight = 0;
  server.on("connection", (socket: Socket) => {
    openConnections += 1;
    if (openConnections > limits.maxOpenConnections) overCapacity.add(socket);
    socket.once("close", () => (openConnections -= 1));
  });
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const flooded = overCapacity.has(request.socket);
    if (flooded || (requestsInFlight >= limits.maxRequestsInFlight && !isProbe(request))) {
      return shed(request, response, { closeConnection: flooded });
    }
    requestsInFlight += 1;
    response.once("close", () => (requestsInFlight -= 1));
    handle(request, response);
  });
}

function isProbe(request: IncomingMessage): boolean {
  return request.method === "GET" && PROBES.has(request.url ?? "");
}

/** 503 with Retry-After and the headers every response carries (security-headers.ts). */
function shed(request: IncomingMessage, response: ServerResponse, options: { closeConnection: boolean }): void {
  const api = (request.url ?? "").startsWith("/api");
  const body = api
    ? JSON.stringify({ error: "Service unavailable" })
    : "Service unavailable. Please try again in a moment.\n";
  response.shouldKeepAlive = response.shouldKeepAlive && !options.closeConnection;
  response.writeHead(503, {
    ...SHED_HEADERS,
    ...(api ? { "Content-Security-Policy": API_CONTENT_SECURITY_POLICY } : {}),
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Retry-After": String(SHED_RETRY_AFTER_SECONDS),
  });
  response.end(body);
  request.resume(); // a body still arriving is read and dropped, so the connection stays usable
}

const SHED_HEADERS = everyResponseHeaders();
