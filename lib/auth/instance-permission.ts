import { AppError } from "@/lib/errors";
import type { Persona } from "./persona";

/**
 * Who acts: a session's user and the persona held in its active account, or an API key (no user:
 * `userId` null, persona `administrator`, decision 0021).
 */
export type Actor = { userId: string | null; persona: Persona };

/**
 * The personas that manage the bookings of some classes (route auth level `staff`): an
 * administrator all of the account's, a teacher the ones they teach (`managesInstance`).
 */
export function isStaff(persona: Persona): boolean {
  return persona === "administrator" || persona === "teacher";
}

/**
 * THE rule of who manages one class's bookings (its roster and waitlist, attendance, booking
 * someone else in, cancelling someone else's booking): an administrator of the account, or a
 * teacher who teaches it (their id in the instance's `teacherIds`, docs/decisions/0013); nobody
 * else. The caller has found the instance in the actor's account first (another account's: 404).
 * The booking statement applies the same rule in SQL (prisma/sql/functions/book_instance.sql).
 */
export function managesInstance(actor: Actor, instance: { teacherIds: readonly string[] }): boolean {
  if (actor.persona === "administrator") return true;
  return actor.persona === "teacher" && actor.userId !== null && instance.teacherIds.includes(actor.userId);
}

/** `managesInstance`, or 403 `Insufficient permission`. */
export function assertManagesInstance(actor: Actor, instance: { teacherIds: readonly string[] }): void {
  if (!managesInstance(actor, instance)) throw new AppError("insufficient_permission");
}

/** What a roster shows of a person: a teacher does not see dates of birth (an administrator's concern). */
export function seesDateOfBirth(actor: Actor): boolean {
  return actor.persona === "administrator";
}
