import "server-only";
import { db } from "@/lib/db";
import { fromIsoDate } from "@/lib/schemas/user-input";
import { serializeUser, type UserDto } from "@/lib/schemas/user";

/** The fields a user may change on their own identity: today only the date of birth. */
export async function updateMyProfile(options: { userId: string; dateOfBirth: string | null }): Promise<UserDto> {
  const user = await db.user.update({
    where: { id: options.userId },
    data: { dateOfBirth: fromIsoDate(options.dateOfBirth) },
  });
  return serializeUser(user);
}
