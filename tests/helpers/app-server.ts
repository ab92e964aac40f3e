// A tiny HTTP server that dispatches to the real route handlers (matched like Next's router, with the
// same matcher as api.ts), so that tests can run several app processes against one database.
//
// As a program (a child process, started by startAppServers below):
//   DATABASE_URL=postgres://… node --import tsx tests/helpers/app-server.ts
// listens on 127.0.0.1 on a free port and prints `listening <port>` on stdout. With TEST_FAKE_STRIPE=1
// its Stripe requests are answered by the fake Stripe (no network).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnvironment } from "@/lib/env-schema";
import { admitRequests } from "@/lib/http/admission";
import { compileProxyTrust, type ProxyTrust } from "@/lib/http/client-address";
import { prepareIncomingRequest } from "@/lib/http/incoming-request";
import { findRouteFiles, loadHandler, matchRoute } from "./route-matcher";

const SELF = import.meta.filename;
const ROOT = path.resolve(import.meta.dirname, "../..");

export type AppServer = { url: string; stop(): Promise<void> };

/**
 * Starts `count` app processes on free ports, all on `databaseUrl` (the test file's PostgreSQL
 * database: process.env.TEST_DATABASE_FILE_URL). Extra environment (pool size, limits) is passed on.
 */
export async function startAppServers(
  count: number,
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<AppServer[]> {
  return Promise.all(Array.from({ length: count }, () => startAppServer(databaseUrl, extraEnv)));
}

async function startAppServer(databaseUrl: string, extraEnv: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, ["--import", "tsx", SELF], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      APP_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      EMAIL_TRANSPORT: "log",
      DEMO_MODE: "false",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`app server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`app server exited with ${code}:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

// ---------------------------------------------------------------- the server itself

async function serve(): Promise<void> {
  // lib modules start with `import "server-only"`, which throws outside a React Server Components
  // bundle; like vitest's alias (vitest.config.ts), resolve it to an empty module here.
  register(
    `data:text/javascript,${encodeURIComponent(
      "export async function resolve(specifier, context, next) {" +
        " if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };" +
        " return next(specifier, context); }",
    )}`,
  );
  // admitted as the app's own server admits them (scripts/next-server.ts)
  const config = parseEnvironment(process.env);
  const server = http.createServer();
  const limits = {
    maxRequestsInFlight: config.MAX_IN_FLIGHT_REQUESTS,
    maxOpenConnections: config.MAX_OPEN_CONNECTIONS,
  };
  admitRequests(server, limits, routeDispatcher(compileProxyTrust(config.TRUSTED_PROXIES)));

  // TEST_FAKE_STRIPE=1: the Stripe library answered by the fake (lib/payments/testing), no network
  if (process.env.TEST_FAKE_STRIPE === "1") {
    const { useStripeHttpClient } = await import("@/lib/payments/stripe/client");
    const { FakeStripeHttpClient } = await import("@/lib/payments/testing/fake-stripe-http-client");
    useStripeHttpClient(new FakeStripeHttpClient());
  }
  // as the app's server does when it starts (instrumentation.ts); imported only now, after the hook above
  const { startBackgroundWork } = await import("@/lib/system/start-background-work");
  startBackgroundWork();

  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
  });

  const shutdown = () => {
    server.close();
    void import("@/lib/db").then(({ closeDatabase }) => closeDatabase()).finally(() => process.exit(0));
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === pathToFileURL(SELF).href) {
  await serve();
}

/**
 * Serves the real route handlers over HTTP, each request prepared first as the app's own server
 * prepares it (lib/http/incoming-request.ts): the client's address stamped, the target repaired.
 */
export function routeDispatcher(trust: ProxyTrust): http.RequestListener {
  const routes = findRouteFiles();
  return (req, res) => {
    prepareIncomingRequest(req, trust);
    void (async () => {
      try {
        const method = req.method ?? "GET";
        const url = new URL(req.url ?? "/", "http://localhost:3000");
        const found = matchRoute(routes, url.pathname);
        const handler = found ? await loadHandler(found, method) : undefined;
        if (!found || !handler) {
          res
            .writeHead(404, { "content-type": "application/json" })
            .end(JSON.stringify({ error: "Resource not found" }));
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
            headers.append(name, item);
        }
        const body = method === "GET" || method === "HEAD" || chunks.length === 0 ? undefined : Buffer.concat(chunks);
        const response = await handler(new Request(url, { method, headers, body }), {
          params: Promise.resolve(found.params),
        });
        const payload = Buffer.from(await response.arrayBuffer());
        const outgoing: Record<string, string> = {};
        response.headers.forEach((value, name) => (outgoing[name] = value));
        res.writeHead(response.status, outgoing).end(payload);
      } catch (error) {
        process.stderr.write(`app-server: ${error instanceof Error ? error.message : String(error)}\n`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "Internal server error" }));
      }
    })();
  };
}
