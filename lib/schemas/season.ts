import type { Season } from "@prisma/client";
import { Id, IsoDateTime, text } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const SeasonStatusSchema = z.enum(["active", "archived"]).openapi("SeasonStatus");

export const SeasonSchema = z
  .object({
    id: Id,
    accountId: Id,
    name: z.string().openapi({ example: "Autumn 2026" }),
    startsAt: z.iso.datetime().openapi({ example: "2026-08-17T00:00:00.000Z" }),
    endsAt: z.iso.datetime().openapi({ example: "2026-12-20T23:00:00.000Z" }),
    status: SeasonStatusSchema,
  })
  .openapi("Season");

const SeasonFields = {
  name: text().trim().min(1).max(200).openapi({ example: "Autumn 2026" }),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime.openapi({ description: "Must be after `startsAt`" }),
  status: SeasonStatusSchema,
};

export const CreateSeasonInput = z
  .strictObject({
    name: SeasonFields.name,
    startsAt: SeasonFields.startsAt,
    endsAt: SeasonFields.endsAt,
    status: SeasonFields.status.optional().openapi({ description: "Default `active`" }),
  })
  .superRefine((value, ctx) => {
    if (new Date(value.endsAt) <= new Date(value.startsAt)) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], ...ruleIssue("season_end_not_after_start") });
    }
  })
  .openapi("CreateSeasonInput");

export const UpdateSeasonInput = z
  .strictObject({
    name: SeasonFields.name.optional(),
    startsAt: SeasonFields.startsAt.optional(),
    endsAt: SeasonFields.endsAt.optional(),
    status: SeasonFields.status.optional(),
  })
  .openapi("UpdateSeasonInput");

export const SeasonParams = z.object({ seasonId: Id });

export type SeasonDto = z.infer<typeof SeasonSchema>;
export type CreateSeasonInput = z.infer<typeof CreateSeasonInput>;
export type UpdateSeasonInput = z.infer<typeof UpdateSeasonInput>;

export function serializeSeason(season: Season): SeasonDto {
  return {
    id: season.id,
    accountId: season.accountId,
    name: season.name,
    startsAt: season.startsAt.toISOString(),
    endsAt: season.endsAt.toISOString(),
    status: season.status as SeasonDto["status"],
  };
}
