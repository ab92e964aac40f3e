import type { Membership, User } from "@prisma/client";
import { PERSONAS } from "@/lib/auth/persona";
import { toIsoDate } from "./common";
import { z } from "./zod";

export const PersonaSchema = z.enum(PERSONAS).openapi("Persona", {
  description:
    "What the membership lets its user do in the account: `administrator` everything; `teacher` the roster, waitlist, attendance and bookings of the classes they teach (and their own bookings); `attendee` their own bookings",
});
export const UserStatusSchema = z.enum(["active", "invited", "disabled"]).openapi("UserStatus");

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.email().openapi({ example: "ida@example.com" }),
    displayName: z.string().openapi({ example: "Ida Holm" }),
    status: UserStatusSchema,
    dateOfBirth: z.iso.date().nullable().openapi({ example: "1990-04-12" }),
  })
  .openapi("User");

export const MembershipSchema = z
  .object({ accountId: z.string(), userId: z.string(), persona: PersonaSchema })
  .openapi("Membership");

/** A row of GET /users: the user and the persona they hold in the active account. */
export const PersonSchema = UserSchema.extend({ persona: PersonaSchema }).openapi("Person");

export type UserDto = z.infer<typeof UserSchema>;
export type PersonDto = z.infer<typeof PersonSchema>;
export type MembershipDto = z.infer<typeof MembershipSchema>;

export function serializeUser(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    status: user.status as UserDto["status"],
    dateOfBirth: toIsoDate(user.dateOfBirth),
  };
}

export function serializeMembership(membership: Membership): MembershipDto {
  return {
    accountId: membership.accountId,
    userId: membership.userId,
    persona: membership.persona as MembershipDto["persona"],
  };
}
