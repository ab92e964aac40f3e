import path from "node:path";
import { test, type Page } from "@playwright/test";
import { SCREENSHOT_DIR } from "./server";

/**
 * Saves a full-page screenshot of a main page under e2e/screenshots/ (gitignored) and attaches it
 * to the journey's result, so the HTML report (CI's e2e artifact) shows each page as it looked.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: "image/png" });
}
