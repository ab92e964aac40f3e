import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { UpdateSeasonInput } from "@/lib/schemas/season";
import { ruleDetail } from "@/lib/error-details";

/**
 * A partial edit. The season as it will be must still end after it starts (400 otherwise); the
 * write only lands if neither bound changed since it was read, else it is checked again.
 */
export async function updateSeason({
  db,
  seasonId,
  input,
}: {
  db: TenantDb;
  seasonId: string;
  input: UpdateSeasonInput;
}) {
  for (let attempt = 1; ; attempt++) {
    const current = await db.season.findFirst({ where: { id: seasonId } });
    if (!current) throw new AppError("not_found");
    const startsAt = input.startsAt ? new Date(input.startsAt) : current.startsAt;
    const endsAt = input.endsAt ? new Date(input.endsAt) : current.endsAt;
    if (endsAt <= startsAt) {
      throw new AppError("validation_failed", {
        details: [ruleDetail("endsAt", "season_end_not_after_start")],
      });
    }
    const [season] = await db.season.updateManyAndReturn({
      where: { id: seasonId, startsAt: current.startsAt, endsAt: current.endsAt },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.status ? { status: input.status } : {}),
        startsAt,
        endsAt,
      },
    });
    if (season) return season;
    if (attempt >= 5) throw new AppError("service_unavailable", { retryAfter: 1 });
  }
}
