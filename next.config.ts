import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaderRules } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // `next dev` logs a line per request. Not for /api: route() logs each API request already, as a
  // JSON line (lib/http/route.ts), with its route rather than its URL. Nor for the sign-in page,
  // whose URL carries a magic-link token.
  logging: { incomingRequests: { ignore: [/^\/api(?:[/?]|$)/, /\/sign-in\/verify/] } },
  // The database drivers run in Node as they are (PGlite loads its WASM from its package), and so does
  // the worker pool (piscina starts its threads from its own files), and pdfkit (it loads its data
  // files from its package; receipts: lib/receipts/render-receipt-pdf.ts). prom-client too: loaded
  // once by Node rather than copied into each route's bundle (GET /api/metrics, lib/metrics/).
  serverExternalPackages: [
    "piscina",
    "prom-client",
    "pdfkit",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
  ],
  // `.ci/run` type-checks the whole tree with the route types (npm run typecheck) before it builds,
  // and says so with TYPES_CHECKED=1: the build does not check the same files again (19 s of a CI
  // run). Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === "1" },
  poweredByHeader: false,
  // A route's code is loaded when it is first requested, not every route at start: Next's default
  // (preloading every entry) holds each route's copy of the lib code, ~190 MB resident for routes
  // an instance may never serve (docs/decisions/0043-memory.md).
  // Each page carries its stylesheet inline instead of linking it: on a phone's slow network a
  // linked stylesheet is one more round trip before anything paints (the public page's largest
  // contentful paint 2.1 s → 0.9 s, bench/phone-lcp.bench.ts; docs/decisions/0044-inline-css.md).
  // The page's policy allows the build's stylesheets by hash (lib/http/inlined-stylesheets.ts).
  experimental: { preloadEntriesOnStart: false, inlineCss: true },
  trailingSlash: false,
  // Fixed at build time; the pages' nonce-bearing policy comes from proxy.ts.
  async headers() {
    return securityHeaderRules();
  },
};

// next-intl without locale routing: each request's language comes from lib/i18n/request.ts. The
// catalogues (lib/i18n/messages/<language>/<area>.json) are compiled at build time, so the browser
// gets messages ready to format and no ICU parser (intl-messageformat, about 9 kB gzipped of the
// public page's JavaScript: bench/public-js.bench.ts). Outside the bundle (tests, the email workers
// under tsx) the same files are read as plain strings, which next-intl parses as before.
export default createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./lib/i18n/messages", format: "json", locales: "infer", precompile: true } },
})(nextConfig);
