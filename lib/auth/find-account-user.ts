import "server-only";
import type { Account, Membership, User } from "@prisma/client";
import { tenantDb } from "@/lib/db/tenant-db";

export type AccountUser = { account: Account; user: User; membership: Membership };

/**
 * The user with this (normalized) email among the members of the account, or null when the account,
 * the identity or the membership does not exist, or the identity is disabled or a dependant (who
 * never signs in: decision 0038).
 */
export async function findAccountUser(input: { accountId: string; email: string }): Promise<AccountUser | null> {
  const membership = await tenantDb(input.accountId).membership.findFirst({
    where: { user: { email: input.email } },
    include: { user: true, account: true },
  });
  if (!membership || membership.user.status === "disabled" || membership.user.guardianId !== null) return null;
  const { user, account, ...rest } = membership;
  return { account, user, membership: rest };
}
