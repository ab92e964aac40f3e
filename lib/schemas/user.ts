import type { Membership, User } from "@prisma/client";
import { PERSONAS } from "@/lib/auth/persona";
import { Id, text, toIsoDate } from "./common";
import { cursorKey, PageParams } from "./page";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";
import { realEmail } from "@/lib/users/stand-in-addresses";

export const PersonaSchema = z.enum(PERSONAS).openapi("Persona", {
  description:
    "What the membership lets its user do in the account: `administrator` everything; `teacher` the roster, waitlist, attendance and bookings of the classes they teach (and their own bookings); `attendee` their own bookings",
});
export const UserStatusSchema = z.enum(["active", "invited", "disabled"]).openapi("UserStatus");

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.email().nullable().openapi({
      example: "ida@example.com",
      description:
        "null for a person without an address: a dependant (a child their guardian books for, who never signs in), a walk-in or guest booked without an email, an erased identity",
    }),
    displayName: z.string().openapi({ example: "Ida Holm" }),
    status: UserStatusSchema,
    dateOfBirth: z.iso.date().nullable().openapi({ example: "1990-04-12" }),
    guardianId: Id.nullable().openapi({
      description: "A dependant's guardian, who books and pays for them and gets their emails; null for anyone else",
    }),
  })
  .openapi("User");

export const MembershipSchema = z
  .object({ accountId: z.string(), userId: z.string(), persona: PersonaSchema })
  .openapi("Membership");

/** A row of GET /users: the user and the persona they hold in the active account. */
export const PersonSchema = UserSchema.extend({ persona: PersonaSchema }).openapi("Person");

/** A row of GET /users?q= answered to a teacher (finding a walk-in): who, and nothing more. */
export const PersonSummarySchema = UserSchema.pick({ id: true, displayName: true, email: true }).openapi(
  "PersonSummary",
);

export const ListUsersParams = z.object({
  q: text().trim().min(1).max(100).optional().openapi({
    example: "sor",
    description:
      'Each word of it begins a word of the person\'s name or email, case and accents aside ("sor" finds "Søren", "holm ida" finds "Ida Holm")',
  }),
  persona: PersonaSchema.optional().openapi({ description: "Only the people holding this persona here" }),
  ...PageParams,
});

/** The sort key of GET /users and its cursor: display name, then email (unique). */
export const PersonKey = z.tuple([z.string(), z.string()]);
export type PersonKey = z.infer<typeof PersonKey>;

export const ListUsersQuery = ListUsersParams.transform(({ cursor, ...query }, context) => {
  if (cursor !== undefined && query.limit === undefined)
    context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_without_limit") });
  return { ...query, after: cursorKey(PersonKey, cursor, context) };
});

export type UserDto = z.infer<typeof UserSchema>;
export type PersonSummaryDto = z.infer<typeof PersonSummarySchema>;
export type PersonDto = z.infer<typeof PersonSchema>;
export type MembershipDto = z.infer<typeof MembershipSchema>;

export function serializeUser(
  user: Pick<User, "id" | "email" | "displayName" | "status" | "dateOfBirth" | "guardianId">,
): UserDto {
  return {
    id: user.id,
    email: realEmail(user.email),
    displayName: user.displayName,
    status: user.status as UserDto["status"],
    dateOfBirth: toIsoDate(user.dateOfBirth),
    guardianId: user.guardianId,
  };
}

export function serializeMembership(membership: Membership): MembershipDto {
  return {
    accountId: membership.accountId,
    userId: membership.userId,
    persona: membership.persona as MembershipDto["persona"],
  };
}

export function serializePersonSummary(person: PersonDto): PersonSummaryDto {
  return { id: person.id, displayName: person.displayName, email: person.email };
}
