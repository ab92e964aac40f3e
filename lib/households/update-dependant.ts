import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeUser, type UserDto } from "@/lib/schemas/user";
import { fromIsoDate, type UpdateDependantInput } from "@/lib/schemas/user-input";
import { findOwnDependant } from "./find-own-dependant";

/** The guardian renames their dependant or corrects the date of birth (404 for anyone else's). */
export async function updateDependant(options: {
  db: TenantDb;
  guardianId: string;
  userId: string;
  input: UpdateDependantInput;
}): Promise<UserDto> {
  const { db, guardianId, userId, input } = options;
  return db.$transaction(async (tx) => {
    await findOwnDependant(tx, guardianId, userId);
    const user = await tx.user.update({
      where: { id: userId },
      data: {
        ...(input.displayName === undefined ? {} : { displayName: input.displayName }),
        ...(input.dateOfBirth === undefined ? {} : { dateOfBirth: fromIsoDate(input.dateOfBirth) }),
      },
    });
    return serializeUser(user);
  });
}
