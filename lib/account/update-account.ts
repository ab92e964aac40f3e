import "server-only";
import { db } from "@/lib/db";
import { serializeAccount, type AccountDto } from "@/lib/schemas/account";
import type { UpdateAccountInput } from "@/lib/schemas/account-input";

/**
 * Changes the active account's name, timezone, locale, booking policy, profile and reminders; absent fields
 * stay, a profile field sent as null is cleared.
 */
export async function updateAccount(options: { accountId: string; input: UpdateAccountInput }): Promise<AccountDto> {
  const { name, timezone, locale, bookingPolicy, profile, reminderHours } = options.input;
  const account = await db.account.update({
    where: { id: options.accountId },
    data: { name, timezone, locale, ...bookingPolicy, ...profile, reminderHours },
  });
  return serializeAccount(account);
}
