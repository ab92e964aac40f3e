// The HTTP server of `npm start` and `npm run dev`, started by scripts/serve.mjs once the database
// is ready: Next's request handler behind what `next start` has no place for. Overload is shed
// before Next routes anything (lib/http/admission.ts); then prepareIncomingRequest
// (lib/http/incoming-request.ts): route handlers are not handed the connection, so the client's
// address is stamped into a header here, and a target whose percent-escapes do not decode is
// repaired before Next's router fails on it; a server action called from another site is refused with
// 403 (lib/http/foreign-server-action.ts), where Next would answer 500.
//   node --import tsx scripts/next-server.ts dev|start   (NODE_ENV and PORT set by serve.mjs)
// Not under `--conditions=react-server`: Next renders pages with react-dom/server in this process.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";
import type { NextConfig } from "next";
import { parseEnvironment } from "../lib/env-schema";
import { admitRequests } from "../lib/http/admission";
import { compileProxyTrust } from "../lib/http/client-address";
import { isForeignServerAction, refuseForeignServerAction } from "../lib/http/foreign-server-action";
import { prepareIncomingRequest } from "../lib/http/incoming-request";
import { guardedResponseClass } from "../lib/http/guarded-response";

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start") {
  console.error("usage: node --import tsx scripts/next-server.ts dev|start");
  process.exit(2);
}
const config = parseEnvironment(process.env);
const port = config.PORT;
const trust = compileProxyTrust(config.TRUSTED_PROXIES);

const LISTEN_BACKLOG = 4096;

/** The configuration `next build` wrote (.next/required-server-files.json), defaults applied. */
function builtConfig(): NextConfig {
  const file = path.join(process.cwd(), ".next", "required-server-files.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { config: NextConfig }).config;
}

const https = new URL(config.APP_URL).protocol === "https:";
const server = http.createServer({ ServerResponse: guardedResponseClass({ https }) });
// Kept-alive connections outlive a load balancer's idle timeout (60 s on the common ones): a server
// that closes one first may do so just as the balancer sends a request on it, which then gets no answer.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// In production Next takes the configuration the build wrote, as Next's own standalone server does
// (its __NEXT_PRIVATE_STANDALONE_CONFIG), instead of loading next.config.ts again: that compiled it
// with SWC, whose native libraries (~35 MB) then stayed resident (docs/decisions/0043-memory.md).
if (mode === "start") process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(builtConfig());
// Next attaches its own upgrade handler (hot reloading's websocket) to `httpServer`.
const app = next({ dev: mode === "dev", hostname: "localhost", port, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();
const limits = { maxRequestsInFlight: config.MAX_IN_FLIGHT_REQUESTS, maxOpenConnections: config.MAX_OPEN_CONNECTIONS };
admitRequests(server, limits, (request, response) => {
  prepareIncomingRequest(request, trust);
  if (isForeignServerAction(request)) return refuseForeignServerAction(request, response);
  void handle(request, response);
});
// A saturated Node process accepts one connection per event-loop turn (libuv ≥ 1.45), and a turn
// then lasts tens of milliseconds: a crowd connecting at once waits in the listen backlog. Node's
// default of 511 overflows, and the kernel drops SYNs the client retries only after 1, 3, 7 s.
// (Linux caps this at net.core.somaxconn.) docs/decisions/0011.
server.listen({ port, backlog: LISTEN_BACKLOG }, () =>
  console.log(`[next-server] listening on http://localhost:${port}`),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
