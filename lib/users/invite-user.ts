import "server-only";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import type { Persona } from "@/lib/auth/persona";
import { AppError } from "@/lib/errors";
import { serializeMembership, serializeUser, type MembershipDto, type UserDto } from "@/lib/schemas/user";

export type InviteUserOptions = {
  db: TenantDb;
  accountId: string;
  email: string;
  displayName: string;
  persona: Persona;
};

const ATTEMPTS = 3;

/**
 * Adds a person to the account. A new email becomes an `invited` identity; an existing identity
 * keeps its status, name and date of birth (decisions §3). Someone who already participates: 409.
 * No email is sent: the invited person signs in by requesting a magic link for this account.
 */
export async function inviteUser(options: InviteUserOptions): Promise<{ user: UserDto; membership: MembershipDto }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await invite(options);
    } catch (error) {
      // A concurrent invitation of the same email won the race for the identity or the
      // membership: run again, and the second run sees what it created.
      const lostRace = isUniqueViolation(error);
      if (!lostRace) throw error;
      if (attempt >= ATTEMPTS) throw new AppError("already_participant");
    }
  }
}

function invite({ db, ...person }: InviteUserOptions) {
  return db.$transaction((tx) => inviteUserIn(tx, person));
}

/**
 * inviteUser's rules inside the caller's transaction (a step that adds a person among other writes).
 * A concurrent invitation of the same email fails it with a unique violation: the caller runs its
 * whole transaction again, as inviteUser does.
 */
export async function inviteUserIn(
  tx: TenantTx,
  { accountId, email, displayName, persona }: Omit<InviteUserOptions, "db">,
): Promise<{ user: UserDto; membership: MembershipDto }> {
  const user = await tx.user.upsert({
    where: { email },
    create: { email, displayName, status: "invited" },
    update: {},
  });
  const existing = await tx.membership.findUnique({ where: { accountId_userId: { accountId, userId: user.id } } });
  if (existing) throw new AppError("already_participant");
  const membership = await tx.membership.create({ data: { accountId, userId: user.id, persona } });
  return { user: serializeUser(user), membership: serializeMembership(membership) };
}
