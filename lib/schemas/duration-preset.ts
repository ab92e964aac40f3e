import type { DurationPreset } from "@prisma/client";
import { Id, text } from "./common";
import { ProgrammeStatusSchema } from "./location";
import { z } from "./zod";

/** A length of a class in whole minutes: positive, at most one week. */
export const DurationMinutes = z.number().int().min(1).max(10_080).openapi({ example: 60 });

export const DurationPresetSchema = z
  .object({
    id: Id,
    accountId: Id,
    name: z.string().openapi({ example: "Standard class" }),
    minutes: DurationMinutes,
    status: ProgrammeStatusSchema,
  })
  .openapi("DurationPreset");

const name = text().trim().min(1).max(200).openapi({ example: "Standard class" });

export const CreateDurationPresetInput = z
  .strictObject({ name, minutes: DurationMinutes, status: ProgrammeStatusSchema.optional() })
  .openapi("CreateDurationPresetInput");

export const UpdateDurationPresetInput = z
  .strictObject({
    name: name.optional(),
    minutes: DurationMinutes.optional(),
    status: ProgrammeStatusSchema.optional(),
  })
  .openapi("UpdateDurationPresetInput");

export const DurationPresetParams = z.object({ presetId: Id });

export type DurationPresetDto = z.infer<typeof DurationPresetSchema>;
export type CreateDurationPresetInput = z.infer<typeof CreateDurationPresetInput>;
export type UpdateDurationPresetInput = z.infer<typeof UpdateDurationPresetInput>;

export function serializeDurationPreset(preset: DurationPreset): DurationPresetDto {
  return {
    id: preset.id,
    accountId: preset.accountId,
    name: preset.name,
    minutes: preset.minutes,
    status: preset.status as DurationPresetDto["status"],
  };
}
