import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // "server-only" throws outside a React Server Components bundle; tests are server code.
      "server-only": path.resolve(import.meta.dirname, "tests/setup/server-only.ts"),
      // What next-intl's plugin does for the app (next.config.ts), with the tests' own configuration.
      "next-intl/config": path.resolve(import.meta.dirname, "tests/setup/intl-request.ts"),
      // Server actions and pages are server code: next-intl's server entry for React Server Components.
      "next-intl/server": path.resolve(
        import.meta.dirname,
        "node_modules/next-intl/dist/esm/production/server.react-server.js",
      ),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    // Child processes, not worker threads: threads start a file a third cheaper, but PGlite's
    // WebAssembly created and freed in many threads of one process crashes Node 24's V8
    // ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500; seen in CI).
    pool: "forks",
    // next-intl imports next/headers without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-intl"] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
