import { Email, Id, text } from "./common";
import { LocaleSchema } from "./locale";
import { MembershipSchema, PersonaSchema, UserSchema } from "./user";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

/** A calendar date of birth: a real `YYYY-MM-DD` day, not before 1900 and not in the future. */
export const DateOfBirth = z.iso
  .date()
  .refine((value) => value >= "1900-01-01", ruleIssue("birth_date_too_early", { minimum: "1900-01-01" }))
  // One day of slack: "today" somewhere on earth may already be tomorrow in UTC.
  .refine(
    (value) => value <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    ruleIssue("birth_date_in_future"),
  )
  .nullable()
  .openapi({ example: "1990-04-12", description: "`YYYY-MM-DD`, or null to clear it" });

export const DisplayName = text().trim().min(1).max(200).openapi({ example: "Ida Holm" });

export const UpdateMeInput = z
  .strictObject({
    dateOfBirth: DateOfBirth.optional(),
    locale: LocaleSchema.nullable().optional(),
    emailReminders: z
      .boolean()
      .optional()
      .openapi({ description: "false: no reminder emails before class, nor pass notices" }),
  })
  .refine(
    (input) => input.dateOfBirth !== undefined || input.locale !== undefined || input.emailReminders !== undefined,
    ruleIssue("nothing_to_change"),
  )
  .openapi("UpdateMeInput", { description: "What the caller changes about themselves: at least one field" });

export const InviteUserInput = z
  .strictObject({ email: Email, displayName: DisplayName, persona: PersonaSchema })
  .openapi("InviteUserInput");

export const UpdateUserInput = z
  .strictObject({ displayName: DisplayName, email: Email, dateOfBirth: DateOfBirth, persona: PersonaSchema })
  .partial()
  .openapi("UpdateUserInput");

/** A dependant's date of birth: required (a child's price is judged on it), a real day as DateOfBirth says. */
const DependantDateOfBirth = DateOfBirth.unwrap().openapi({ example: "2018-05-02", description: "`YYYY-MM-DD`" });

export const CreateDependantInput = z
  .strictObject({ displayName: DisplayName, dateOfBirth: DependantDateOfBirth })
  .openapi("CreateDependantInput", { description: "A child the caller books and pays for" });

export const UpdateDependantInput = z
  .strictObject({ displayName: DisplayName.optional(), dateOfBirth: DependantDateOfBirth.optional() })
  .refine(
    (input) => input.displayName !== undefined || input.dateOfBirth !== undefined,
    ruleIssue("dependant_nothing_to_change"),
  )
  .openapi("UpdateDependantInput", { description: "At least one field" });

export type CreateDependantInput = z.infer<typeof CreateDependantInput>;
export type UpdateDependantInput = z.infer<typeof UpdateDependantInput>;

export const InvitationSchema = z.object({ user: UserSchema, membership: MembershipSchema }).openapi("Invitation");

export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

/** The wire date (`YYYY-MM-DD`) as the Date that a `@db.Date` column stores. */
export function fromIsoDate(value: string | null): Date | null {
  return value === null ? null : new Date(`${value}T00:00:00.000Z`);
}

export const UserIdParams = z.object({ userId: Id });

/** The most a member's phone and the studio's notes about them hold (an import of people checks the same). */
export const MAX_PHONE = 50;
export const MAX_NOTES = 2000;

/**
 * The desk's edit of a member's phone (the identity's) and the studio's notes about them (the
 * membership's); an empty field clears it. The dashboard's form only: no API operation takes it.
 */
export const UpdatePersonContactInput = z.strictObject({
  phone: text().trim().max(MAX_PHONE).nullable(),
  notes: text().trim().max(MAX_NOTES).nullable(),
});
export type UpdatePersonContactInput = z.infer<typeof UpdatePersonContactInput>;
