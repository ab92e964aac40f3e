import "server-only";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { attendeeRegistrationLimits } from "@/lib/rate-limit/rules";
import { serializeAccount, type AccountDto } from "@/lib/schemas/account";
import type { UserDto } from "@/lib/schemas/user";
import { isUniqueViolation } from "@/lib/db/errors";
import { fromIsoDate } from "@/lib/schemas/user-input";
import { issueMagicLink } from "./issue-magic-link";

export type RegisterAttendeeOptions = {
  accountId: string;
  email: string;
  displayName: string;
  clientIp: string;
  /** The visitor's choice of language, if the request carries one: the sign-in email's language. */
  askedOn?: string | null;
  /**
   * A new identity's date of birth (`YYYY-MM-DD`, age prices), from the studio's sign-in page; an
   * existing identity keeps what it has (an anonymous caller changes nothing stored, decision 0007).
   */
  dateOfBirth?: string | null;
  /** Where the emailed link leads once signed in: a path of this site (lib/web/return-to.ts). */
  returnTo?: string | null;
};

const ATTEMPTS = 3;

/**
 * Self-registration of an attendee: reuses the identity of a known (normalized) email or creates
 * one, adds an attendee membership unless the person already participates (an administrator stays
 * one), and always sends a new sign-in link for this account.
 */
export async function registerAttendee(options: RegisterAttendeeOptions): Promise<{ account: AccountDto; user: UserDto }> {
  await enforceRateLimits(attendeeRegistrationLimits(options));
  const account = await db.account.findFirst({ where: { id: options.accountId, status: "active" } });
  if (!account) throw new AppError("not_found");
  const user = await joinAccount(options);
  // A disabled identity or a dependant is answered like any other but gets no link: it could not sign in.
  if (user.status !== "disabled" && user.guardianId === null) await issueMagicLink({ user, account, askedOn: options.askedOn, returnTo: options.returnTo });
  return { account: serializeAccount(account), user: registrantView(user, options.displayName) };
}

/**
 * The caller is anonymous and may name anybody's email: it learns only the id, what it sent and a
 * status a new registration would have, never what is stored about an existing identity
 * (docs/decisions/0007-anonymous-registration.md).
 */
function registrantView(user: { id: string; email: string }, displayName: string): UserDto {
  return { id: user.id, email: user.email, displayName, status: "active", dateOfBirth: null, guardianId: null };
}

async function joinAccount({ accountId, email, displayName, dateOfBirth }: RegisterAttendeeOptions) {
  const create = { email, displayName, status: "active" as const, dateOfBirth: fromIsoDate(dateOfBirth ?? null) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await tenantDb(accountId).$transaction(async (tx) => {
        const user = await tx.user.upsert({ where: { email }, create, update: {} });
        await tx.membership.upsert({
          where: { accountId_userId: { accountId, userId: user.id } },
          create: { accountId, userId: user.id, persona: "attendee" },
          update: {},
        });
        return user;
      });
    } catch (error) {
      // A concurrent registration of the same email created the identity or membership first.
      const lostRace = isUniqueViolation(error);
      if (!lostRace || attempt >= ATTEMPTS) throw error;
    }
  }
}
