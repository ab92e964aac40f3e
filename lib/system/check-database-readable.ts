import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

export async function checkDatabaseReadable(): Promise<void> {
  try {
    await db.account.findFirst({ select: { id: true } });
  } catch (error) {
    log.warn("readiness check failed", { errorName: error instanceof Error ? error.name : typeof error });
    throw new AppError("database_unavailable");
  }
}
