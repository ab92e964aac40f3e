import "server-only";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/locales";
import { fromIsoDate } from "@/lib/schemas/user-input";
import { serializeUser, type UserDto } from "@/lib/schemas/user";

/**
 * The fields a user may change on their own identity: the date of birth, the language they read
 * (null clears a choice) and their email reminders; a field left out stays as it is.
 */
export async function updateMyProfile(options: {
  userId: string;
  dateOfBirth?: string | null;
  locale?: Locale | null;
  emailReminders?: boolean;
}): Promise<{ user: UserDto; emailReminders: boolean }> {
  const user = await db.user.update({
    where: { id: options.userId },
    data: {
      ...(options.dateOfBirth === undefined ? {} : { dateOfBirth: fromIsoDate(options.dateOfBirth) }),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      ...(options.emailReminders === undefined ? {} : { emailReminders: options.emailReminders }),
    },
  });
  return { user: serializeUser(user), emailReminders: user.emailReminders };
}
