// The HTTP server of `npm start` and `npm run dev`, started by scripts/serve.ts once the database
// is ready: Next's request handler behind what `next start` has no place for. Overload is shed
// before Next routes anything (lib/http/admission.ts); then prepareIncomingRequest
// (lib/http/incoming-request.ts): route handlers are not handed the connection, so the client's
// address is stamped into a header here, and a target whose percent-escapes do not decode is
// repaired before Next's router fails on it.
//   node --import tsx scripts/next-server.ts dev|start   (NODE_ENV and PORT set by serve.ts)
// Not under `--conditions=react-server`: Next renders pages with react-dom/server in this process.
import http from "node:http";
import next from "next";
import { parseEnvironment } from "../lib/env-schema";
import { admitRequests } from "../lib/http/admission";
import { compileProxyTrust } from "../lib/http/client-address";
import { prepareIncomingRequest } from "../lib/http/incoming-request";

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start") {
  console.error("usage: node --import tsx scripts/next-server.ts dev|start");
  process.exit(2);
}
const config = parseEnvironment(process.env);
const port = config.PORT;
const trust = compileProxyTrust(config.TRUSTED_PROXIES);

const server = http.createServer();
// Next attaches its own upgrade handler (hot reloading's websocket) to `httpServer`.
const app = next({ dev: mode === "dev", hostname: "localhost", port, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();
const limits = { maxRequestsInFlight: config.MAX_IN_FLIGHT_REQUESTS, maxOpenConnections: config.MAX_OPEN_CONNECTIONS };
admitRequests(server, limits, (request, response) => {
  prepareIncomingRequest(request, trust);
  void handle(request, response);
});
server.listen(port, () => console.log(`[next-server] ${mode} server on port ${port}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
