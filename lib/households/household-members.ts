import "server-only";
import { db } from "@/lib/db";
import type { TenantTx } from "@/lib/db/tenant-db";
import { ERASED_EMAIL_SUFFIX } from "@/lib/users/stand-in-addresses";

/**
 * The people who have no identity but through a guardian (decision 0038): their dependants and the
 * guests without an email they brought, not yet erased. Nobody else can ever ask for their erasure
 * (they never sign in), so they go with the guardian's (erase-person.ts).
 */
const membersOf = (guardianId: string) => ({
  guardianId,
  NOT: { email: { endsWith: ERASED_EMAIL_SUFFIX } },
});

export type HouseholdMember = { userId: string; accountIds: string[] };

/** The guardian's household members and the studios each belongs to (the one read that spans tenants: theirs). */
export async function listHouseholdMembers(guardianId: string): Promise<HouseholdMember[]> {
  const users = await db.user.findMany({
    where: membersOf(guardianId),
    select: { id: true, memberships: { select: { accountId: true }, orderBy: { accountId: "asc" } } },
    orderBy: { id: "asc" },
  });
  return users.map((user) => ({ userId: user.id, accountIds: user.memberships.map((m) => m.accountId) }));
}

/** The household members who are members of the transaction's studio, read (and so decided) inside it. */
export async function householdMembersHere(tx: TenantTx, guardianId: string): Promise<string[]> {
  const memberships = await tx.membership.findMany({
    where: { user: membersOf(guardianId) },
    select: { userId: true },
    orderBy: { userId: "asc" },
  });
  return memberships.map((membership) => membership.userId);
}

/** Every household member, in any studio or none (a removed child keeps a name and a date of birth). */
export async function householdMemberIds(tx: TenantTx, guardianId: string): Promise<string[]> {
  const users = await tx.user.findMany({ where: membersOf(guardianId), select: { id: true }, orderBy: { id: "asc" } });
  return users.map((user) => user.id);
}
