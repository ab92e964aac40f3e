import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { serializeUser, type UserDto } from "@/lib/schemas/user";
import { fromIsoDate, type CreateDependantInput } from "@/lib/schemas/user-input";
import { dependantEmail } from "@/lib/users/stand-in-addresses";

/**
 * Adds a child to a guardian (decision 0038): a new identity that never signs in (its email a reserved
 * address, null on the wire), `active`, with `guardianId` the guardian, and an attendee membership
 * in the account. The guardian must be a member here and no dependant themselves (404 otherwise):
 * POST /me/dependants (the caller) and POST /users/{userId}/dependants (an administrator at the desk).
 */
export async function addDependant(options: {
  db: TenantDb;
  accountId: string;
  guardianId: string;
  input: CreateDependantInput;
}): Promise<UserDto> {
  const { db, accountId, guardianId, input } = options;
  return db.$transaction(async (tx) => {
    const guardian = await tx.membership.findFirst({ where: { userId: guardianId }, select: { user: true } });
    if (!guardian || guardian.user.guardianId !== null) throw new AppError("not_found");
    const id = crypto.randomUUID();
    const user = await tx.user.create({
      data: {
        id,
        email: dependantEmail(id),
        displayName: input.displayName,
        dateOfBirth: fromIsoDate(input.dateOfBirth),
        status: "active",
        guardianId,
        locale: guardian.user.locale,
      },
    });
    await tx.membership.create({ data: { accountId, userId: id, persona: "attendee" } });
    return serializeUser(user);
  });
}
