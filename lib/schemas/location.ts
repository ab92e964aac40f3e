import type { Location } from "@prisma/client";
import { Id, text } from "./common";
import { z } from "./zod";

export const ProgrammeStatusSchema = z.enum(["active", "archived"]).openapi("ArchivableStatus", {
  description: "Archiving hides an item from pickers; nothing that already refers to it is rewritten.",
});

/** A positive integer number of places; shared by locations, events and instances. */
export const Capacity = z.number().int().min(1).max(100_000).openapi({ example: 20 });

export const LocationSchema = z
  .object({
    id: Id,
    accountId: Id,
    name: z.string().openapi({ example: "Studio 1" }),
    address: z.string().openapi({ example: "Nørrebrogade 12, 2200 København N" }),
    capacity: Capacity.openapi({ description: "Default capacity of events that choose this location" }),
    status: ProgrammeStatusSchema,
  })
  .openapi("Location");

const LocationFields = {
  name: text().trim().min(1).max(200).openapi({ example: "Studio 1" }),
  address: text().trim().max(500).openapi({ example: "Nørrebrogade 12, 2200 København N" }),
  capacity: Capacity.openapi({ description: "Positive integer; default 20" }),
  status: ProgrammeStatusSchema,
};

export const CreateLocationInput = z
  .strictObject({
    name: LocationFields.name,
    address: LocationFields.address.optional(),
    capacity: LocationFields.capacity.optional(),
    status: LocationFields.status.optional(),
  })
  .openapi("CreateLocationInput");

export const UpdateLocationInput = z
  .strictObject({
    name: LocationFields.name.optional(),
    address: LocationFields.address.optional(),
    capacity: LocationFields.capacity.optional(),
    status: LocationFields.status.optional(),
  })
  .openapi("UpdateLocationInput");

export const LocationParams = z.object({ locationId: Id });

export type LocationDto = z.infer<typeof LocationSchema>;
export type CreateLocationInput = z.infer<typeof CreateLocationInput>;
export type UpdateLocationInput = z.infer<typeof UpdateLocationInput>;

export function serializeLocation(location: Location): LocationDto {
  return {
    id: location.id,
    accountId: location.accountId,
    name: location.name,
    address: location.address,
    capacity: location.capacity,
    status: location.status as LocationDto["status"],
  };
}
