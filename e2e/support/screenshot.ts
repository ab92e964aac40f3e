import path from "node:path";
import type { Page } from "@playwright/test";
import { SCREENSHOT_DIR } from "./server";

/** Saves a full-page screenshot of a main page under e2e/screenshots/ (gitignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
