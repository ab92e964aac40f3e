// @ts-check
// `npm run build`, after `next build`: the app's own server files compiled to JavaScript, so that
// `npm start` runs no TypeScript loader (decision 0043: tsx's loader kept a hooks thread and its
// transforms resident in the server and again in the email worker thread).
//   .next/server-entries/next-server.mjs   scripts/next-server.ts (the HTTP server npm start runs)
//   .next/server-entries/email-worker.mjs  lib/email/email-worker.ts (the email worker thread)
// Our own modules are bundled in; packages stay imports of node_modules, as Node resolves them.
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_ENTRIES_DIR = path.join(ROOT, ".next", "server-entries");

const started = performance.now();
await build({
  absWorkingDir: ROOT,
  entryPoints: {
    "next-server": "scripts/next-server.ts",
    "email-worker": "lib/email/email-worker.ts",
  },
  outdir: SERVER_ENTRIES_DIR,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
console.log(
  `[build] server entries compiled to ${path.relative(ROOT, SERVER_ENTRIES_DIR)} in ${Math.round(performance.now() - started)} ms`,
);
