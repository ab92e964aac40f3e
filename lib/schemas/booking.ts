import type { Booking, Event, Instance, User } from "@prisma/client";
import { Email, Id, IsoDateTime } from "./common";
import { EventSchema, serializeEvent } from "./event";
import { InstanceSchema, serializeInstance } from "./instance";
import { UserSchema, serializeUser } from "./user";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const BookingStatusSchema = z
  .enum(["confirmed", "waitlisted", "cancelled", "late_cancelled", "cancelled_by_studio"])
  .openapi("BookingStatus", {
    description:
      "`confirmed` and `waitlisted` are live; `cancelled` (credit returned, or a waitlisted booking left), " +
      "`late_cancelled` (inside the cancellation window, credit kept), `cancelled_by_studio` (instance cancelled or membership ended, credit returned)",
  });
export const AttendanceSchema = z.enum(["attended", "no_show"]).openapi("Attendance");

export const UtcDateTime = z.iso.datetime().openapi({ example: "2026-11-20T09:15:00.000Z" });

export const BookingSchema = z
  .object({
    id: Id,
    accountId: Id,
    instanceId: Id,
    attendeeId: Id.openapi({ description: "The user who attends" }),
    status: BookingStatusSchema,
    entitlementId: Id.nullable().openapi({
      description:
        "The entitlement whose credit a confirmed booking used. A waitlisted booking has taken no credit yet: it shows the entitlement the client named, or null",
    }),
    createdAt: UtcDateTime,
    cancelledAt: UtcDateTime.nullable(),
    attendance: AttendanceSchema.nullable(),
    offerExpiresAt: UtcDateTime.nullable().openapi({
      description:
        "A waitlisted booking offered a freed place (the studio's `waitlistMode` `offer`): the place is held for it until this moment, " +
        "to claim with POST /bookings/{bookingId}/claim; after it the offer passes to the next in line. Null: no offer",
    }),
  })
  .openapi("Booking");

export const GuestInput = z
  .strictObject({
    displayName: z.string().trim().min(1).max(200).openapi({ example: "Sofie Berg" }),
    email: Email.optional().openapi({
      description: "The guest's own email: their identity is found or made by it, and they get the confirmation",
    }),
  })
  .openapi("GuestInput");

export const CreateBookingInput = z
  .strictObject({
    instanceId: Id,
    entitlementId: Id.optional().openapi({
      description:
        "Use this entitlement (it must be usable for the instance, else 402). Default: the usable one that expires first",
    }),
    attendeeId: Id.optional().openapi({
      description:
        "Administrators only: book on behalf of this member of the account. Attendees may send only their own id or a " +
        "dependant's of theirs (`guardianId` = the caller; else 403)",
    }),
    guest: GuestInput.optional().openapi({
      description:
        "Bring a guest (a person's own booking, not with `attendeeId`): the booking is the guest's, paid with one credit of the " +
        "caller's usable pass (`entitlementId` names one of the caller's). The account's `bookingPolicy.guestsPerBooking` caps " +
        "the caller's live guest bookings per instance",
    }),
    waitlist: z.boolean().optional().openapi({
      description:
        "When the instance is full and the account's waitlist is enabled, join the waitlist (201 `waitlisted`) instead of 409",
    }),
  })
  .refine((input) => !(input.guest && input.attendeeId), {
    path: ["guest"],
    ...ruleIssue("guest_with_attendee"),
  })
  .openapi("CreateBookingInput");

export const UpdateBookingInput = z
  .strictObject({ attendance: AttendanceSchema.nullable().openapi({ description: "`null` clears it" }) })
  .openapi("UpdateBookingInput");

export const BookingParams = z.object({ bookingId: Id });

export const PromoteBookingInput = z
  .strictObject({
    entitlementId: Id.optional().openapi({
      description:
        "Use this entitlement of the attendee (it must be usable for the instance, else 402). Default: the attendee's usable one that expires first",
    }),
    extraPlace: z.boolean().optional().openapi({
      example: true,
      description:
        "When no place is free: `true` grows the instance's capacity by one and this booking takes that place, in one " +
        "transaction (nobody else is offered anything by it); absent or `false` (the default): 409 `Instance is full`",
    }),
  })
  .optional()
  .openapi("PromoteBookingInput");

export const CancelBookingQuery = z.object({
  refundCredit: z
    .enum(["true", "false"])
    .optional()
    .openapi({
      description:
        "`true`: a confirmed booking becomes `cancelled` with its credit returned even inside the cancellation window. Only for " +
        "someone who manages the instance (an administrator, or a teacher of it); anyone else, the booking's own attendee included, " +
        "gets 403. Default `false`",
      example: "true",
    }),
});

export const ListMyBookingsParams = z.object({
  from: IsoDateTime.optional().openapi({
    description: "Inclusive lower bound of the instance's `startsAt`. Default: no bound",
  }),
  to: IsoDateTime.optional().openapi({
    description: "Exclusive upper bound of the instance's `startsAt`. Default: no bound",
    example: "2026-12-24T17:00:00Z",
  }),
});

export const ListMyBookingsQuery = ListMyBookingsParams.transform((query, context) => {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from >= to)
    context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_end_not_after_start") });
  return { from, to };
});

export const PersonBookingSchema = BookingSchema.extend({
  waitlistPosition: z
    .number()
    .int()
    .min(1)
    .nullable()
    .openapi({
      example: 2,
      description:
        "A waitlisted booking's place in the queue, 1 first: the order freed places are given in (joined earliest first). " +
        "Null unless waitlisted, and for a waitlisted booking holding an offered place (`offerExpiresAt`)",
    }),
}).openapi("PersonBooking");

export const MyBookingSchema = z
  .object({ booking: PersonBookingSchema, instance: InstanceSchema, event: EventSchema })
  .openapi("MyBooking");

const RosterAttendeeSchema = UserSchema.extend({
  dateOfBirth: UserSchema.shape.dateOfBirth.optional().openapi({
    example: "1990-04-12",
    description: "Shown to administrators; absent from a roster or waitlist a teacher asks for",
  }),
}).openapi("RosterAttendee");

export const RosterEntrySchema = z
  .object({ booking: BookingSchema, attendee: RosterAttendeeSchema })
  .openapi("RosterEntry");

export type BookingDto = z.infer<typeof BookingSchema>;
export type CreateBookingInput = z.infer<typeof CreateBookingInput>;

export function serializeBooking(booking: Booking): BookingDto {
  return {
    id: booking.id,
    accountId: booking.accountId,
    instanceId: booking.instanceId,
    attendeeId: booking.attendeeId,
    status: booking.status as BookingDto["status"],
    entitlementId: booking.entitlementId,
    createdAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    attendance: (booking.attendance ?? null) as BookingDto["attendance"],
    offerExpiresAt: booking.offerExpiresAt?.toISOString() ?? null,
  };
}

export function serializeMyBooking(
  booking: Booking & { waitlistPosition: number | null; instance: Instance & { event: Event } },
) {
  return {
    booking: { ...serializeBooking(booking), waitlistPosition: booking.waitlistPosition },
    instance: serializeInstance(booking.instance),
    event: serializeEvent(booking.instance.event),
  };
}

/** A roster or waitlist row; without the attendee's date of birth unless `withDateOfBirth`. */
export function serializeRosterEntry(booking: Booking & { attendee: User }, { withDateOfBirth = true } = {}) {
  const { dateOfBirth, ...attendee } = serializeUser(booking.attendee);
  return {
    booking: serializeBooking(booking),
    attendee: withDateOfBirth ? { ...attendee, dateOfBirth } : attendee,
  };
}
