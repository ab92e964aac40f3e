// `prisma migrate diff … --script` between two datamodels (or from nothing), run offline: the CLI
// loads prisma.config.ts, whose adapter opens a throwaway PGlite in a scratch DATA_DIR (DATABASE_URL
// removed so it never touches a real database). About 20 s a run: the CLI's WASM schema engine.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The SQL that takes schema `from` (undefined: an empty database) to schema `to`. */
export async function diffSql(from: string | undefined, to: string): Promise<string> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "migration-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: scratch };
  delete env.DATABASE_URL;
  try {
    const fromArgs = from ? ["--from-schema-datamodel", from] : ["--from-empty"];
    const { stdout } = await run(
      "npx",
      ["prisma", "migrate", "diff", ...fromArgs, "--to-schema-datamodel", to, "--script"],
      { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
