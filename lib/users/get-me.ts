import "server-only";
import type { Persona } from "@/lib/auth/persona";
import { db } from "@/lib/db";
import { isLocale } from "@/lib/i18n/locales";
import { serializeAccount } from "@/lib/schemas/account";
import type { MeDto } from "@/lib/schemas/me";
import { serializeUser } from "@/lib/schemas/user";

/** The signed-in user, the session's active account and the persona held there. */
export async function getMe(options: { userId: string; accountId: string; persona: Persona }): Promise<MeDto> {
  const [user, account] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: options.userId } }),
    db.account.findUniqueOrThrow({ where: { id: options.accountId } }),
  ]);
  return {
    user: serializeUser(user),
    account: serializeAccount(account),
    persona: options.persona,
    locale: isLocale(user.locale) ? user.locale : null,
    emailReminders: user.emailReminders,
  };
}
