import type { BookingOptions } from "@/lib/bookings/get-booking-options";
import { BookingSchema, serializeBooking } from "./booking";
import { EntitlementSchema, serializeEntitlement } from "./entitlement";
import { ProductSchema, serializeProduct } from "./product";
import { z } from "./zod";

export const BookingOptionsReasonSchema = z
  .enum([
    "not_bookable",
    "not_open_yet",
    "closed",
    "started",
    "already_booked",
    "blocked",
    "no_entitlement",
    "full",
    "waitlist_disabled",
  ])
  .openapi("BookingOptionsReason", {
    description:
      "Why the class cannot be booked now, checked in POST /bookings's order; each matches the error POST /bookings answers: " +
      "`not_bookable` 409 Instance is not bookable; `not_open_yet`, `closed`, `started` 409 Booking is closed; " +
      "`already_booked` 409 Already booked; `blocked` 409 Booking is blocked (the caller's strikes, until `blockedUntil`); `no_entitlement` 402 No valid entitlement; `full` (the waitlist is open) and " +
      "`waitlist_disabled` 409 Instance is full (with `waitlist: true`, `full` books a place on the waitlist)",
  });

export const BookingOptionsSchema = z
  .object({
    instanceId: z.string(),
    canBook: z
      .boolean()
      .openapi({ description: "true exactly when POST /bookings without `waitlist` would answer 201" }),
    action: z.enum(["book", "waitlist", "none"]).openapi({ description: "What the booking button does now" }),
    reason: BookingOptionsReasonSchema.nullable(),
    message: z.string().openapi({
      description:
        "A sentence that says what will happen or why not, in the caller's language: their own (`PATCH /me` `locale`), else the site's language switcher (cookie `studio_locale`), else the studio's, else English",
    }),
    opensAt: z.iso
      .datetime()
      .openapi({ description: "When booking opens (the account's opensDaysBefore before the start)" }),
    closesAt: z.iso
      .datetime()
      .openapi({ description: "The last moment to book (closesMinutesBefore before the start)" }),
    blockedUntil: z.iso.datetime().nullable().openapi({
      description:
        "With reason `blocked`: until when the caller may not book, because of their no-shows and late cancellations (the studio's `bookingPolicy` strikes); otherwise null",
    }),
    booking: BookingSchema.nullable().openapi({
      description: "The caller's live (confirmed or waitlisted) booking of it",
    }),
    entitlement: EntitlementSchema.nullable().openapi({
      description: "The entitlement a booking would use (best first)",
    }),
    products: z.array(ProductSchema).openapi({
      description:
        "With reason `no_entitlement`: the active products whose purchase now would make the class bookable for the caller " +
        "(eligible for its event, valid at its start), each with the prices the caller may pay; otherwise empty",
    }),
  })
  .openapi("BookingOptions");

export type BookingOptionsDto = z.infer<typeof BookingOptionsSchema>;

export function serializeBookingOptions(options: BookingOptions): BookingOptionsDto {
  return {
    instanceId: options.instanceId,
    canBook: options.canBook,
    action: options.action,
    reason: options.reason,
    message: options.message,
    opensAt: options.opensAt.toISOString(),
    closesAt: options.closesAt.toISOString(),
    blockedUntil: options.blockedUntil?.toISOString() ?? null,
    booking: options.booking && serializeBooking(options.booking),
    entitlement: options.entitlement && serializeEntitlement(options.entitlement),
    products: options.products.map(serializeProduct),
  };
}
