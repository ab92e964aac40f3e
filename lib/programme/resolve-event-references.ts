import "server-only";
import type { Location } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

/**
 * Checks the ids an event write refers to: every teacher must hold a membership in the account
 * (either persona) and a location must belong to the account. Anything else answers 400
 * `Validation failed` with details. Returns the chosen location, if any.
 */
export async function resolveEventReferences({
  db,
  teacherIds,
  locationId,
}: {
  db: TenantDb;
  teacherIds?: string[];
  locationId?: string | null;
}): Promise<Location | undefined> {
  const details: ErrorDetail[] = [];
  if (teacherIds && teacherIds.length > 0) {
    const members = await db.membership.findMany({ where: { userId: { in: teacherIds } }, select: { userId: true } });
    const known = new Set(members.map((m) => m.userId));
    teacherIds.forEach((id, index) => {
      if (!known.has(id)) details.push(ruleDetail(`teacherIds.${index}`, "teacher_unknown"));
    });
  }
  let location: Location | null = null;
  if (locationId) {
    location = await db.location.findFirst({ where: { id: locationId } });
    if (!location) details.push(ruleDetail("locationId", "location_unknown"));
  }
  if (details.length > 0) throw new AppError("validation_failed", { details });
  return location ?? undefined;
}
