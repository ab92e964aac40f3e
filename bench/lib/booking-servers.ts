// The two servers of the bookings bench, on one scratch database: the app server as `npm start` runs
// it and the raw node:http + pg server, each with its own email outbox directory; only one runs at a
// time (the other paused), since both drain the same "BookingEmail" outbox.
import fs from "node:fs";
import path from "node:path";
import { nextServerArguments } from "../../scripts/lib/next-server-command.mjs";
import { OUTBOX_DEADLINE_SECONDS } from "./measured-run";
import { waitForEmptyOutbox, type Scratch } from "./scratch-database";
import { freePort, pause, resume, startServer, type ServerProcess } from "./server-process";

/** The app's DATABASE_POOL_SIZE default, and the raw server's pool. */
export const POOL_SIZE = 10;

export type Servers = { app: ServerProcess; raw: ServerProcess };

export async function startApp(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({
    name: "the app server",
    url: `http://127.0.0.1:${port}`,
    healthPath: "/api/health",
    command: process.execPath,
    // as `npm start` runs it; BENCH_PROFILE_DIR: a V8 CPU profile, written when it stops (Chrome DevTools)
    args: nextServerArguments(
      "start",
      process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [],
    ),
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DEMO_MODE: "false",
      LOG_LEVEL: "silent",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      EMAIL_TRANSPORT: "outbox",
      EMAIL_OUTBOX_DIR: path.join(dataDir, "app-outbox"),
    },
  });
}

export async function startRaw(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({
    name: "the raw server",
    url: `http://127.0.0.1:${port}`,
    healthPath: "/health",
    command: process.execPath,
    args: ["--import", "tsx", path.join("bench", "lib", "raw-booking-server.ts")],
    env: {
      ...process.env,
      RAW_DATABASE_URL: databaseUrl,
      RAW_PORT: String(port),
      RAW_POOL_SIZE: String(POOL_SIZE),
      RAW_EMAIL_OUTBOX_DIR: path.join(dataDir, "raw-outbox"),
    },
  });
}

/**
 * Lets only `server` run: the other is paused once the outbox is empty (its own emails sent; a
 * paused drain's leased rows would wait for it).
 */
export async function runOnly(server: ServerProcess, servers: Servers, scratch: Scratch): Promise<void> {
  if (!server.paused) return;
  await waitForEmptyOutbox(scratch, OUTBOX_DEADLINE_SECONDS, "before switching servers");
  for (const other of [servers.app, servers.raw]) if (other !== server) pause(other);
  resume(server);
}

/** The written email files, removed between runs: a directory of hundreds of thousands slows every write. */
export function clearEmailFiles(dataDir: string): void {
  for (const dir of ["app-outbox", "raw-outbox"]) {
    fs.rmSync(path.join(dataDir, dir), { recursive: true, force: true });
    fs.mkdirSync(path.join(dataDir, dir));
  }
}
