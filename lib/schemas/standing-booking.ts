import type { StandingBooking } from "@prisma/client";
import { Id } from "./common";
import { UtcDateTime } from "./booking";
import { z } from "./zod";

export const StandingBookingStatusSchema = z.enum(["active", "stopped"]).openapi("StandingBookingStatus", {
  description: "`active`: each class of the series is booked for the member when its booking window opens; `stopped`: no longer",
});

/** A member's fixed weekly place in a series ("fast plads", decision 0035). */
export const StandingBookingSchema = z
  .object({
    id: Id,
    accountId: Id,
    userId: Id.openapi({ description: "The member who keeps the place" }),
    seriesId: Id.openapi({ description: "The series whose classes are booked for them" }),
    status: StandingBookingStatusSchema,
    createdAt: UtcDateTime,
  })
  .openapi("StandingBooking");

export type StandingBookingDto = z.infer<typeof StandingBookingSchema>;

export function serializeStandingBooking(standing: StandingBooking): StandingBookingDto {
  return {
    id: standing.id,
    accountId: standing.accountId,
    userId: standing.userId,
    seriesId: standing.seriesId,
    status: standing.status as StandingBookingDto["status"],
    createdAt: standing.createdAt.toISOString(),
  };
}

/** POST /me/standing-bookings and POST /users/{userId}/standing-bookings. */
export const CreateStandingBookingInput = z
  .strictObject({ seriesId: Id.openapi({ description: "A series of the studio (one of GET /series)" }) })
  .openapi("CreateStandingBookingInput");

export type CreateStandingBookingInput = z.infer<typeof CreateStandingBookingInput>;

export const StandingBookingParams = z.object({ standingBookingId: Id });
