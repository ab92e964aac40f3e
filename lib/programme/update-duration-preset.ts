import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { UpdateDurationPresetInput } from "@/lib/schemas/duration-preset";

/** A partial edit. Events store their own duration: changing or archiving a preset rewrites none. */
export async function updateDurationPreset({ db, presetId, input }: { db: TenantDb; presetId: string; input: UpdateDurationPresetInput }) {
  const [preset] = await db.durationPreset.updateManyAndReturn({ where: { id: presetId }, data: input });
  if (!preset) throw new AppError("not_found");
  return preset;
}
