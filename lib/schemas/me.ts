import { AccountSchema } from "./account";
import { LocaleSchema } from "./locale";
import { PersonaSchema, UserSchema } from "./user";
import { z } from "./zod";

const MyLocale = LocaleSchema.nullable().openapi({
  description: "The language the caller chose for text (pages, emails); null: none chosen, so the studio's",
});

const EmailReminders = z.boolean().openapi({
  description:
    "Whether the caller is emailed a reminder before each class they are booked into (the studio's `reminderHours`) " +
    "and when a pass has one class left or expires in 7 days; true unless they switched them off",
});

export const MeSchema = z
  .object({ user: UserSchema, account: AccountSchema, persona: PersonaSchema, locale: MyLocale, emailReminders: EmailReminders })
  .openapi("Me", { description: "The signed-in user, the session's active account and the persona held there" });

export const UpdatedMeSchema = z.object({ user: UserSchema, emailReminders: EmailReminders }).openapi("UpdatedMe");

export const MyAccountSchema = z
  .object({
    account: AccountSchema,
    persona: PersonaSchema,
    active: z.boolean().openapi({ description: "true for the session's active account" }),
  })
  .openapi("MyAccount");

export type MeDto = z.infer<typeof MeSchema>;
export type MyAccountDto = z.infer<typeof MyAccountSchema>;
