// Where the end-to-end server keeps its data: shared by playwright.config.ts (which starts the
// server on a fresh directory) and the specs (which read the email outbox).
import path from "node:path";

/** 3200 unless E2E_PORT says otherwise (two checkouts on one machine). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3200);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ROOT = path.resolve(import.meta.dirname, `../../.data/e2e-${E2E_PORT}`);
export const E2E_DATA_DIR = path.join(E2E_ROOT, "db");
export const E2E_OUTBOX_DIR = path.join(E2E_ROOT, "outbox");
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../screenshots");
