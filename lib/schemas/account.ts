import type { Account } from "@prisma/client";
import { quietHoursOf } from "@/lib/bookings/offer-plan";
import { MAX_REMINDER_HOURS } from "@/lib/bookings/schedule-reminders";
import { LegalDetailsSchema, serializeLegalDetails } from "./account-legal";
import { ProfileSchema, serializeProfile } from "./account-profile";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";
import { HH_MM } from "@/lib/studio-time/quiet-hours";

const ClockTime = z.string().refine((value) => HH_MM.test(value), ruleIssue("time_invalid"));

export const QuietHoursSchema = z
  .strictObject({
    from: ClockTime.openapi({ example: "22:00", description: "When they start, HH:MM on the studio's clock" }),
    to: ClockTime.openapi({ example: "08:00", description: "When they end, HH:MM; before `from`: the next morning" }),
  })
  // under `to`, where a form shows it
  .refine((quiet) => quiet.from !== quiet.to, { ...ruleIssue("quiet_hours_empty"), path: ["to"] })
  .nullable()
  .openapi("QuietHours", {
    description:
      "The studio's quiet hours in its `timezone` (default 22:00–08:00; null: none). In mode `offer` no offer " +
      "expires inside them (it expires at their end instead) and no offer email is sent inside them (it waits for " +
      "their end, and the place is held from then); when the class starts before that end, the place is promoted automatically.",
  });

export const BookingPolicySchema = z
  .object({
    opensDaysBefore: z.number().int().min(0).max(365).openapi({ example: 14 }),
    closesMinutesBefore: z.number().int().min(0).max(10_080).openapi({ example: 0 }),
    cancellationWindowHours: z.number().int().min(0).max(720).openapi({ example: 12 }),
    waitlistEnabled: z.boolean().openapi({ example: true }),
    standingBookings: z.boolean().openapi({
      example: false,
      description:
        "Members may keep a standing place in a series (POST /me/standing-bookings): each of its classes is booked for " +
        "them as its booking window opens. Off: 409 `Standing bookings are off`, and no class is booked for the places kept.",
    }),
    strikeLimit: z.number().int().min(0).max(20).openapi({
      example: 3,
      description:
        "Strikes within `strikeWindowDays` that block a member from booking (409 `Booking is blocked`) for `strikeBlockDays`; 0 (the default): strikes are off. " +
        "A no-show counts from the moment it is marked, a late cancellation (with `strikeLateCancels`) from the moment it is made; clearing the mark removes its strike.",
    }),
    strikeWindowDays: z.number().int().min(1).max(365).openapi({ example: 30, description: "Default 30" }),
    strikeBlockDays: z.number().int().min(1).max(365).openapi({
      example: 7,
      description: "How long a block lasts, from the strike that reached the limit; default 7",
    }),
    strikeLateCancels: z
      .boolean()
      .openapi({ example: true, description: "Whether a late cancellation is a strike (a no-show always is); default true" }),
    guestsPerBooking: z.number().int().min(0).max(5).openapi({
      example: 1,
      description:
        "How many guests a member may bring to one class (POST /bookings with `guest`), each paid with a credit of the " +
        "member's pass; 0 (the default): guests are not allowed",
    }),
    waitlistMode: z.enum(["auto", "offer"]).openapi({
      example: "offer",
      description:
        "What a freed place does with the waitlist. `auto` (the default): the first waitlisted person who can be confirmed is " +
        "booked at once and their credit taken. `offer`: the place is held for them for `waitlistOfferMinutes` " +
        "(the booking's `offerExpiresAt`) and they are emailed to claim it (POST /bookings/{bookingId}/claim); " +
        "an offer not claimed in time passes to the next in line. Inside `waitlistAutoWithinMinutes` of the start the automatic promotion applies.",
    }),
    waitlistOfferMinutes: z
      .number()
      .int()
      .min(5)
      .max(1440)
      .openapi({ example: 60, description: "How long an offered place is held (mode `offer`); default 60" }),
    waitlistAutoWithinMinutes: z.number().int().min(0).max(1440).openapi({
      example: 120,
      description: "In mode `offer`: this close to the start (minutes) a freed place is promoted automatically instead; default 120",
    }),
    quietHours: QuietHoursSchema,
  })
  .openapi("BookingPolicy");

export const ReminderHours = z.number().int().min(0).max(MAX_REMINDER_HOURS).openapi({
  example: 24,
  description:
    "How many hours before a class each attendee booked into it is emailed a reminder (with the time in the studio's " +
    "zone, the address and until when cancelling is free); 0: no reminders. Attendees may switch theirs off " +
    "(PATCH /me `emailReminders`). Nobody who books later than that moment gets one.",
});

export const AccountSchema = z
  .object({
    id: z.string(),
    slug: z.string().openapi({ example: "demo" }),
    name: z.string().openapi({ example: "Demo Studio" }),
    timezone: z.string().openapi({ example: "Europe/Copenhagen" }),
    locale: z.string().openapi({ example: "da-DK" }),
    currency: z.string().openapi({ example: "DKK" }),
    bookingPolicy: BookingPolicySchema,
    profile: ProfileSchema,
    reminderHours: ReminderHours,
  })
  .openapi("Account");

export type AccountDto = z.infer<typeof AccountSchema>;

export function serializeAccount(account: Account): AccountDto {
  return {
    id: account.id,
    slug: account.slug,
    name: account.name,
    timezone: account.timezone,
    locale: account.locale,
    currency: account.currency,
    bookingPolicy: {
      opensDaysBefore: account.opensDaysBefore,
      closesMinutesBefore: account.closesMinutesBefore,
      cancellationWindowHours: account.cancellationWindowHours,
      waitlistEnabled: account.waitlistEnabled,
      standingBookings: account.standingBookings,
      strikeLimit: account.strikeLimit,
      strikeWindowDays: account.strikeWindowDays,
      strikeBlockDays: account.strikeBlockDays,
      strikeLateCancels: account.strikeLateCancels,
      guestsPerBooking: account.guestsPerBooking,
      waitlistMode: account.waitlistMode === "offer" ? "offer" : "auto",
      waitlistOfferMinutes: account.waitlistOfferMinutes,
      waitlistAutoWithinMinutes: account.waitlistAutoWithinMinutes,
      quietHours: quietHoursOf(account),
    },
    profile: serializeProfile(account),
    reminderHours: account.reminderHours,
  };
}

/** The account as its administrators see it (GET and PATCH /account): with its legal details. */
export const AccountSettingsSchema = AccountSchema.extend({ legal: LegalDetailsSchema }).openapi("AccountSettings");

export type AccountSettingsDto = z.infer<typeof AccountSettingsSchema>;

export function serializeAccountSettings(account: Account): AccountSettingsDto {
  return { ...serializeAccount(account), legal: serializeLegalDetails(account) };
}
