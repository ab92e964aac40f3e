// @ts-check
import path from "node:path";
import { nextServerNodeFlags } from "./next-server-flags.mjs";

const ROOT = path.join(import.meta.dirname, "..", "..");

/**
 * The Node arguments that run the app's HTTP server, for `npm start`, `npm run dev` and the benches
 * alike: in production the JavaScript `npm run build` compiled from scripts/next-server.ts
 * (scripts/build-server-entries.mjs), with the flags of next-server-flags.mjs; in development the
 * TypeScript itself through tsx. `extraFlags` come first (e.g. a CPU profile).
 * @param {"dev" | "start"} mode
 * @param {string[]} [extraFlags]
 * @returns {string[]}
 */
export function nextServerArguments(mode, extraFlags = []) {
  if (mode === "start")
    return [
      ...extraFlags,
      ...nextServerNodeFlags(),
      path.join(ROOT, ".next", "server-entries", "next-server.mjs"),
      mode,
    ];
  return [...extraFlags, "--import", "tsx", path.join(ROOT, "scripts", "next-server.ts"), mode];
}
