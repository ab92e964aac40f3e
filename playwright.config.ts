// End-to-end journeys in a real browser (Debian's chromium; `npx playwright install` cannot
// download on these machines) against the production build served by scripts/serve.mjs.
//
// `npm run test:e2e` EXPECTS A BUILD: run `npm run build` first (CI builds before it). The web
// servers below only start `next start` — rebuilding on every run would take minutes. Each worker has
// its own server (ports 3200, 3201, …; e2e/support/server.ts), on a fresh data directory
// (.data/e2e-<port>, wiped at each start) in demo mode, with the email outbox in
// .data/e2e-<port>/outbox, which its specs read (e2e/support/outbox.ts).
//   CI:     npm run build && CI=1 npm run test:e2e
import { defineConfig, devices } from "@playwright/test";
import { E2E_URL, E2E_WORKERS, e2eServer } from "./e2e/support/server";

const CI = Boolean(process.env.CI);
// E2E_DEV=1 serves with `next dev` instead (no build needed; slower pages), for writing specs.
const SERVE_MODE = process.env.E2E_DEV ? "dev" : "start";

export default defineConfig({
  testDir: "e2e",
  // A spec's journeys run one after another against one demo studio; spec files are shared out among
  // the workers, each with its own server and studio.
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: SERVE_MODE === "dev" ? 180_000 : 60_000,
  expect: { timeout: SERVE_MODE === "dev" ? 45_000 : 10_000 },
  reporter: CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: E2E_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-GB",
    timezoneId: "Europe/Copenhagen",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const server = e2eServer(index);
    // Its fake Vipps MobilePay API (MobilePay memberships), which delivers its webhooks to the app.
    const mobilepay = {
      command: `node_modules/.bin/tsx scripts/fake-mobilepay.ts ${new URL(server.mobilepayUrl).port}`,
      url: `${server.mobilepayUrl}/fake/health`,
      timeout: 60_000,
      reuseExistingServer: !CI,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    };
    const freshDatabase = server.postgres
      ? ` && psql -q "${server.postgres.serverUrl}/postgres" -c 'DROP DATABASE IF EXISTS "${server.postgres.database}" WITH (FORCE)' -c 'CREATE DATABASE "${server.postgres.database}"'`
      : "";
    const app = {
      command: `rm -rf "${server.root}" && mkdir -p "${server.root}"${freshDatabase} && node_modules/.bin/tsx --conditions=react-server scripts/serve.mjs ${SERVE_MODE}`,
      url: `${server.url}/api/health`,
      timeout: 120_000,
      reuseExistingServer: !CI,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      env: {
        PORT: String(server.port),
        APP_URL: server.url,
        DEMO_MODE: "true",
        DATA_DIR: server.dataDir,
        EMAIL_TRANSPORT: "outbox",
        EMAIL_OUTBOX_DIR: server.outboxDir,
        PAYMENTS_PROVIDER: "demo",
        DATABASE_URL: server.postgres?.url ?? "",
        LOG_LEVEL: "warn",
        AUTH_SECRET: "e2e-secret-not-for-production-use",
        MOBILEPAY_API_URL: server.mobilepayUrl,
      },
    };
    return [mobilepay, app];
  }).flat(),
});
