import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".data/**",
    "out/**",
    "build/**",
    "coverage/**",
    "playwright-report/**",
    "test-results/**",
    "e2e/screenshots/**",
    "next-env.d.ts",
  ]),
  {
    // Env once: lib/env.ts parses process.env; everything else calls env().
    name: "studio/env-once",
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through env() from @/lib/env." },
      ],
    },
  },
  {
    // Destructuring a property to leave it out of the rest (`const { secret, ...shown } = row`) is
    // how an object is narrowed here: the named property is used by being left out.
    name: "studio/rest-siblings",
    rules: { "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }] },
  },
  {
    // Where process.env is the point: the env module itself, tooling, and tests that set up an environment.
    name: "studio/env-allowed",
    files: [
      "lib/env.ts",
      "scripts/**",
      "tests/**",
      "e2e/**",
      "bench/**",
      "prisma.config.ts",
      "**/*.config.*",
      "**/*.test.ts",
      "**/*.test.tsx",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // Not React and not Next: lib/db's useDatabase() is no hook, a test helper may name a variable `module`.
    name: "studio/not-react",
    files: ["tests/**", "e2e/**", "scripts/**", "bench/**", "lib/db/**", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "@next/next/no-assign-module-variable": "off" },
  },
  {
    // Test helpers answer untyped JSON bodies (ApiResponse<T = any>) so that assertions stay short.
    name: "studio/test-helpers",
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // One `test` for the journeys: e2e/support/test.ts fails any journey the security headers broke.
    name: "studio/e2e-test",
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test from ./support/test: it fails a journey the security headers broke.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "studio/config-files",
    files: ["**/*.config.*"],
    rules: { "import/no-anonymous-default-export": "off" },
  },
]);
