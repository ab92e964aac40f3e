import "server-only";
import { db } from "@/lib/db";
import { serializeAccountSettings, type AccountSettingsDto } from "@/lib/schemas/account";

/** The active account with its legal details (GET /account; the dashboard's settings). */
export async function getAccountSettings({ accountId }: { accountId: string }): Promise<AccountSettingsDto> {
  return serializeAccountSettings(await db.account.findUniqueOrThrow({ where: { id: accountId } }));
}
