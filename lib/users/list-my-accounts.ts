import "server-only";
import { db } from "@/lib/db";
import type { Persona } from "@/lib/auth/persona";
import { serializeAccount } from "@/lib/schemas/account";
import type { MyAccountDto } from "@/lib/schemas/me";

/**
 * Every account the user holds a membership in, marking the session's active one. Read through the
 * user's own identity: the one list that deliberately spans tenants, and only the caller's.
 */
export async function listMyAccounts(options: { userId: string; activeAccountId: string }): Promise<MyAccountDto[]> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: options.userId },
    select: {
      memberships: { include: { account: true }, orderBy: [{ account: { name: "asc" } }, { accountId: "asc" }] },
    },
  });
  return user.memberships.map((membership) => ({
    account: serializeAccount(membership.account),
    persona: membership.persona as Persona,
    active: membership.accountId === options.activeAccountId,
  }));
}
