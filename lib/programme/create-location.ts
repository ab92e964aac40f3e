import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { CreateLocationInput } from "@/lib/schemas/location";

export async function createLocation({ db, accountId, input }: { db: TenantDb; accountId: string; input: CreateLocationInput }) {
  return db.location.create({ data: { ...input, accountId } });
}
