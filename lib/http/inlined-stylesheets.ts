import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Where `next build` writes the stylesheets that each page carries inline (next.config.ts: inlineCss). */
const STATIC_DIR = path.join(process.cwd(), ".next", "static");

let sources: string[] | undefined;

/**
 * The Content-Security-Policy sources ('sha256-…') of the build's stylesheets. Next writes each
 * page's stylesheet into the page as a `<style>` (and React inserts it so on a client navigation)
 * without the nonce; its hash allows exactly that text and nothing else. Read once a process: a
 * build's files never change under it. None without a build (tests, `next dev`).
 */
export function inlinedStylesheetSources(): string[] {
  sources ??= stylesheetSources(STATIC_DIR);
  return sources;
}

/** The hash source of each stylesheet under `dir`, in the order of their paths. */
export function stylesheetSources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .sort()
    .map((file) => `'sha256-${createHash("sha256").update(fs.readFileSync(path.join(dir, file))).digest("base64")}'`);
}
