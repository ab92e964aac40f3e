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
    // Studio time once: lib/studio-time/ computes in the studio's zone (its date of an instant, its day,
    // week and wall clock, a period's bounds); everything else asks it. UTC, where no studio is meant
    // (calendar arithmetic on a date, an import's date format), is no zone arithmetic and stays allowed.
    name: "studio/studio-time-once",
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='DateTime'] > ObjectExpression > Property[key.name='zone']:not([value.value='UTC']):not([value.value='utc'])",
          message: "Compute studio dates, days, weeks and periods through @/lib/studio-time, not a luxon zone.",
        },
        {
          selector: "CallExpression[callee.property.name='setZone']",
          message: "Compute studio dates, days, weeks and periods through @/lib/studio-time, not luxon's setZone().",
        },
        {
          selector: "AssignmentExpression[left.object.name='Settings'][left.property.name='defaultZone']",
          message: "Set no default zone: studio time goes through @/lib/studio-time.",
        },
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
    // Where a luxon zone is the point: studio time itself; display formatting, which shows an instant in
    // the studio's zone and computes nothing from it (lib/format/dates.ts, timezones.ts); and tests,
    // which build their expectations independently of the code they check.
    name: "studio/studio-time-allowed",
    files: [
      "lib/studio-time/**",
      "lib/format/dates.ts",
      "lib/format/timezones.ts",
      "tests/**",
      "e2e/**",
      "**/*.test.ts",
      "**/*.test.tsx",
    ],
    rules: { "no-restricted-syntax": "off" },
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
