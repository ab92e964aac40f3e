// End-to-end journeys in a real browser (Debian's chromium; `npx playwright install` cannot
// download on these machines) against the production build served by scripts/serve.ts.
//
// `npm run test:e2e` EXPECTS A BUILD: run `npm run build` first (CI builds before it). The web
// server below only starts `next start` — rebuilding on every run would take minutes. It runs on a
// fresh data directory (.data/e2e-<port>, wiped at each start) in demo mode on port 3200, with the email
// outbox in .data/e2e-<port>/outbox, which the specs read (e2e/support/outbox.ts).
//   CI:     npm run build && CI=1 npm run test:e2e
import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIR, E2E_OUTBOX_DIR, E2E_PORT, E2E_ROOT, E2E_URL } from "./e2e/support/server";

const CI = Boolean(process.env.CI);
// E2E_DEV=1 serves with `next dev` instead (no build needed; slower pages), for writing specs.
const SERVE_MODE = process.env.E2E_DEV ? "dev" : "start";

export default defineConfig({
  testDir: "e2e",
  // One server and one shared demo studio: journeys run one after another.
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: `rm -rf "${E2E_ROOT}" && mkdir -p "${E2E_ROOT}" && node_modules/.bin/tsx --conditions=react-server scripts/serve.ts ${SERVE_MODE}`,
    url: `${E2E_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      APP_URL: E2E_URL,
      DEMO_MODE: "true",
      DATA_DIR: E2E_DATA_DIR,
      EMAIL_TRANSPORT: "outbox",
      EMAIL_OUTBOX_DIR: E2E_OUTBOX_DIR,
      PAYMENTS_PROVIDER: "demo",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      AUTH_SECRET: "e2e-secret-not-for-production-use",
    },
  },
});
