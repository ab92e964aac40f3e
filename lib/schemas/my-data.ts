import { AccountSchema } from "./account";
import { MyBookingSchema } from "./booking";
import { EntitlementSchema } from "./entitlement";
import { LocaleSchema } from "./locale";
import { OrderSchema } from "./order";
import { StandingBookingSchema } from "./standing-booking";
import { PersonaSchema, UserSchema } from "./user";
import { z } from "./zod";

/** What one studio holds about the caller (GET /me/export). */
const MyStudioDataSchema = z
  .object({
    account: AccountSchema,
    membership: z.object({
      persona: PersonaSchema,
      since: z.iso.datetime().openapi({ description: "When the caller joined this studio" }),
      groups: z.array(z.string()).openapi({ description: "The names of the studio's groups the caller is in" }),
      notes: z.string().nullable().openapi({ description: "The studio's own notes about the caller (an import may have brought them)" }),
    }),
    bookings: z.array(MyBookingSchema).openapi({ description: "Every booking of every status, as GET /me/bookings" }),
    passes: z.array(EntitlementSchema).openapi({ description: "Every entitlement (passes, memberships), as GET /me/entitlements" }),
    orders: z.array(OrderSchema).openapi({ description: "Every order, as GET /me/orders" }),
    standingBookings: z
      .array(StandingBookingSchema)
      .openapi({ description: "Every standing place, active and stopped, as GET /me/standing-bookings" }),
    consents: z.object({
      emailReminders: z.boolean().openapi({
        description: "Reminders before class and pass notices by email (the caller's own switch, the same for every studio)",
      }),
      calendarFeed: z.boolean().openapi({ description: "Whether the caller has a personal calendar feed URL here (GET /me/calendar)" }),
    }),
  })
  .openapi("MyStudioData");

export const MyDataSchema = z
  .object({
    exportedAt: z.iso.datetime(),
    user: UserSchema.extend({
      phone: z.string().nullable(),
      locale: LocaleSchema.nullable(),
      emailReminders: z.boolean(),
      createdAt: z.iso.datetime(),
    }),
    studios: z.array(MyStudioDataSchema).openapi({ description: "Every studio the caller belongs to, by name" }),
  })
  .openapi("MyData", { description: "Everything the service holds about the caller (GDPR articles 15 and 20)" });

export type MyDataDto = z.infer<typeof MyDataSchema>;
