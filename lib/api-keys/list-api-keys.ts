import "server-only";
import type { ApiKey } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The active account's API keys, newest first (their hashes not read). */
export async function listApiKeys(options: {
  db: TenantDb;
}): Promise<Pick<ApiKey, "id" | "name" | "prefix" | "createdAt" | "lastUsedAt">[]> {
  return options.db.apiKey.findMany({
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
}
