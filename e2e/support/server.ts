// Where the end-to-end servers listen and keep their data: shared by playwright.config.ts (which
// starts one server per worker, each on a fresh directory) and the specs (which read the email outbox
// of their worker's server).
import path from "node:path";

/** The first server's port: 3200 unless E2E_PORT says otherwise (two checkouts on one machine). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3200);

/**
 * Journeys run in this many workers, each against its own server with its own demo studio (journeys
 * change the studio, so two workers never share one). Two on CI, where the journeys take most of a
 * run's time; one otherwise. E2E_WORKERS overrides.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));

/**
 * With E2E_POSTGRES_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432), the servers
 * after the first E2E_PGLITE_SERVERS (default 1) keep their studio in a fresh PostgreSQL database of
 * their own instead of the embedded one: CI runs the journeys on both databases at once.
 */
const E2E_POSTGRES_URL = process.env.E2E_POSTGRES_URL;
const E2E_PGLITE_SERVERS = Number(process.env.E2E_PGLITE_SERVERS ?? 1);

export type E2EServer = {
  port: number;
  url: string;
  root: string;
  dataDir: string;
  outboxDir: string;
  /** Where its fake Vipps MobilePay API listens (scripts/fake-mobilepay.ts), the app's MOBILEPAY_API_URL. */
  mobilepayUrl: string;
  /** The server's own PostgreSQL database, recreated at each start; undefined: embedded PGlite. */
  postgres?: { serverUrl: string; database: string; url: string };
};

function postgresOf(parallelIndex: number, port: number): E2EServer["postgres"] {
  if (!E2E_POSTGRES_URL || parallelIndex < E2E_PGLITE_SERVERS) return undefined;
  const database = `studio_e2e_${port}`;
  const url = new URL(E2E_POSTGRES_URL);
  url.pathname = `/${database}`;
  return { serverUrl: E2E_POSTGRES_URL, database, url: url.toString() };
}

/** The server of the worker with this parallel index (Playwright's TEST_PARALLEL_INDEX). */
export function e2eServer(parallelIndex: number): E2EServer {
  const port = E2E_BASE_PORT + parallelIndex;
  const root = path.resolve(import.meta.dirname, `../../.data/e2e-${port}`);
  return {
    port,
    url: `http://localhost:${port}`,
    root,
    dataDir: path.join(root, "db"),
    outboxDir: path.join(root, "outbox"),
    mobilepayUrl: `http://127.0.0.1:${port + 1000}`,
    postgres: postgresOf(parallelIndex, port),
  };
}

// In a worker, its own server; in the runner (and tools), the first.
const ownServer = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = ownServer.port;
export const E2E_URL = ownServer.url;
export const E2E_OUTBOX_DIR = ownServer.outboxDir;
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../screenshots");
/** The worker's own fake Vipps MobilePay API (scripts/fake-mobilepay.ts). */
export const E2E_MOBILEPAY_URL = ownServer.mobilepayUrl;
