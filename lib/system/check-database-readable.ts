import "server-only";
import { db } from "@/lib/db";
import { noteDatabaseFailure } from "@/lib/db/reachability";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

/** The contract's readiness check: 500 `Database unavailable`, also when the database cannot be reached. */
export async function checkDatabaseReadable(): Promise<void> {
  const startedAt = performance.now();
  try {
    await db.account.findFirst({ select: { id: true } });
  } catch (error) {
    // An outage is logged once, however often the probe asks (lib/db/reachability.ts).
    if (noteDatabaseFailure(error, startedAt)?.reason !== "unreachable")
      log.warn("readiness check failed", { errorName: error instanceof Error ? error.name : typeof error });
    throw new AppError("database_unavailable");
  }
}
