import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { CreateSeasonInput } from "@/lib/schemas/season";

/** A named date range; `endsAt` after `startsAt` is checked by the input schema. */
export async function createSeason({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: CreateSeasonInput;
}) {
  return db.season.create({
    data: {
      accountId,
      name: input.name,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      status: input.status ?? "active",
    },
  });
}
