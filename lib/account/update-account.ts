import "server-only";
import { db } from "@/lib/db";
import { legalDetailsData } from "@/lib/schemas/account-legal";
import { serializeAccountSettings, type AccountSettingsDto } from "@/lib/schemas/account";
import type { UpdateAccountInput } from "@/lib/schemas/account-input";
import type { QuietHours } from "@/lib/studio-time/quiet-hours";

/**
 * Changes the active account's name, timezone, locale, booking policy, profile, reminders and legal
 * details; absent fields stay, a profile or legal field sent as null is cleared (quiet hours sent as
 * null: none). A new VAT rate applies to
 * orders paid from now on (issue-receipts.ts); paid orders keep theirs.
 */
export async function updateAccount(options: {
  accountId: string;
  input: UpdateAccountInput;
}): Promise<AccountSettingsDto> {
  const { name, timezone, locale, bookingPolicy, profile, reminderHours, legal } = options.input;
  const { quietHours, ...policy } = bookingPolicy ?? {};
  const account = await db.account.update({
    where: { id: options.accountId },
    data: {
      name,
      timezone,
      locale,
      ...policy,
      ...quietHoursData(quietHours),
      ...profile,
      reminderHours,
      ...legalDetailsData(legal),
    },
  });
  return serializeAccountSettings(account);
}

/** Quiet hours as their two columns: both set, or both null for none; absent, unchanged. */
function quietHoursData(quietHours: QuietHours | null | undefined) {
  if (quietHours === undefined) return {};
  return { quietHoursFrom: quietHours?.from ?? null, quietHoursTo: quietHours?.to ?? null };
}
