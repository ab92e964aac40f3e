import "server-only";
import { db } from "@/lib/db";
import { databaseUnavailable } from "@/lib/db/errors";
import { reportDatabaseUnreachable } from "@/lib/db/reachability";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

/** The contract's readiness check: 500 `Database unavailable`, also when the database cannot be reached. */
export async function checkDatabaseReadable(): Promise<void> {
  const startedAt = performance.now();
  try {
    await db.account.findFirst({ select: { id: true } });
  } catch (error) {
    // An outage is logged once, however often the probe asks (lib/db/reachability.ts).
    const unavailable = databaseUnavailable(error);
    if (unavailable?.reason === "unreachable") reportDatabaseUnreachable(unavailable.signal, startedAt);
    else log.warn("readiness check failed", { errorName: error instanceof Error ? error.name : typeof error });
    throw new AppError("database_unavailable");
  }
}
