import "server-only";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantDb } from "@/lib/db/tenant-db";
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

async function invite({ db, accountId, email, displayName, persona }: InviteUserOptions) {
  return db.$transaction(async (tx) => {
    const user = await tx.user.upsert({
      where: { email },
      create: { email, displayName, status: "invited" },
      update: {},
    });
    const existing = await tx.membership.findUnique({ where: { accountId_userId: { accountId, userId: user.id } } });
    if (existing) throw new AppError("already_participant");
    const membership = await tx.membership.create({ data: { accountId, userId: user.id, persona } });
    return { user: serializeUser(user), membership: serializeMembership(membership) };
  });
}
