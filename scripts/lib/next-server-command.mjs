// @ts-check
import path from "node:path";
import { nextServerNodeFlags } from "./next-server-flags.mjs";

/**
 * The Node arguments that run the app's HTTP server (scripts/next-server.ts), for `npm start`,
 * `npm run dev` and the benches alike. `extraFlags` come first (e.g. a CPU profile).
 * @param {"dev" | "start"} mode
 * @param {string[]} [extraFlags]
 * @returns {string[]}
 */
export function nextServerArguments(mode, extraFlags = []) {
  const flags = mode === "start" ? nextServerNodeFlags() : [];
  return [...extraFlags, ...flags, "--import", "tsx", path.join(import.meta.dirname, "..", "next-server.ts"), mode];
}
