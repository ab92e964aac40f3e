import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { UpdateLocationInput } from "@/lib/schemas/location";

/**
 * A partial edit. Name and capacity are defaults that events copy when they choose the location;
 * changing or archiving the location rewrites no event and no instance.
 */
export async function updateLocation({ db, locationId, input }: { db: TenantDb; locationId: string; input: UpdateLocationInput }) {
  const [location] = await db.location.updateManyAndReturn({ where: { id: locationId }, data: input });
  if (!location) throw new AppError("not_found");
  return location;
}
