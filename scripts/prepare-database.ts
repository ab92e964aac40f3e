// Run by scripts/serve.mjs, in a process of its own, before it starts the app's server: applies pending
// migrations to the configured database and, in demo mode, seeds the demo studio when it is missing;
// then closes the database (the embedded one can be opened by one process at a time, and the server
// opens it next) and exits 0, or 1 with the reason on stderr.
// A process of its own so that what preparing loads (Prisma, the drivers, the demo seed, PGlite's
// WebAssembly heap) is given back when it exits, instead of staying resident in the supervisor for
// the server's lifetime (issue 35; docs/decisions/0043-memory.md).
//   node --import tsx --conditions=react-server scripts/prepare-database.ts   (environment set by serve.mjs)
// Under `--conditions=react-server`: lib modules' `import "server-only"` resolves to its empty server build.

export {};

function say(message: string): void {
  console.log(`[serve] ${message}`);
}

async function prepareDatabase(): Promise<void> {
  const { env } = await import("@/lib/env");
  const { openConfiguredDatabase, migrateConfiguredDatabase } = await import("@/lib/db/client");
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  const config = env();
  say(`database: ${config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${config.DATA_DIR}`}`);
  const database = openConfiguredDatabase();
  useDatabase(database);
  try {
    const applied = await migrateConfiguredDatabase(database);
    say(`migrations: applied ${applied.length}${applied.length ? ` (${applied.join(", ")})` : ""}`);
    if (config.DEMO_MODE) {
      const { seedDemo } = await import("@/lib/demo/seed-demo");
      const { seeded } = await seedDemo();
      say(seeded ? "demo studio seeded" : "demo studio already present");
    } else {
      say("demo mode off");
    }
  } finally {
    await closeDatabase();
  }
}

try {
  await prepareDatabase();
  // the seed may leave work queued (the jobs runner's wake-ups, an email worker): the server does it
  process.exit(0);
} catch (error) {
  console.error(`[serve] could not prepare the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
