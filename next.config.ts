import type { NextConfig } from "next";
import { securityHeaderRules } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // Request URLs of the sign-in page carry a magic-link token: keep them out of the dev log.
  logging: { incomingRequests: { ignore: [/\/sign-in\/verify/] } },
  // The database drivers run in Node as they are (PGlite loads its WASM from its package), and so does
  // the worker pool (piscina starts its threads from its own files).
  serverExternalPackages: [
    "piscina",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
  ],
  poweredByHeader: false,
  trailingSlash: false,
  // Fixed at build time; the pages' nonce-bearing policy comes from proxy.ts.
  async headers() {
    return securityHeaderRules();
  },
};

export default nextConfig;
