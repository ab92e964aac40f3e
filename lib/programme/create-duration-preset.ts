import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { CreateDurationPresetInput } from "@/lib/schemas/duration-preset";

export async function createDurationPreset({ db, accountId, input }: { db: TenantDb; accountId: string; input: CreateDurationPresetInput }) {
  return db.durationPreset.create({ data: { ...input, accountId } });
}
