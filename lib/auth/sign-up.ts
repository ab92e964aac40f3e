import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { signUpLimits } from "@/lib/rate-limit/rules";
import { serializeAccount, type AccountDto } from "@/lib/schemas/account";
import { serializeUser, type UserDto } from "@/lib/schemas/user";
import { firstFreeSlug, slugFromName } from "./account-slug";
import { createMagicLink } from "./create-magic-link";
import { isUniqueViolation } from "@/lib/db/errors";

export type SignUpOptions = {
  accountName: string;
  email: string;
  displayName: string;
  clientIp: string;
  /** The language of the sign-up page, or the visitor's switcher choice: the sign-in email's language. */
  askedOn?: string | null;
};
export type SignUpResult = { account: AccountDto; user: UserDto; magicLink: { token: string; expiresAt: Date } };

const ACCOUNT_DEFAULTS = { timezone: "Europe/Copenhagen", locale: "da-DK", currency: "DKK" } as const;
const ATTEMPTS = 5;

/**
 * Creates a tenant with its first administrator and emails them a sign-in link. The email must not
 * belong to any identity yet (409). Account, user, membership and link (its email waiting beside
 * it) commit together.
 */
export async function signUp(options: SignUpOptions): Promise<SignUpResult> {
  await enforceRateLimits(signUpLimits(options));
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await createTenant(options);
      return result;
    } catch (error) {
      // A concurrent sign-up took the email (409 on the next run) or the slug (a new one is chosen).
      const lostRace = isUniqueViolation(error);
      if (!lostRace || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function createTenant({ accountName, email, displayName, askedOn }: SignUpOptions): Promise<SignUpResult> {
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw new AppError("email_registered");
  const base = slugFromName(accountName);
  const similar = await db.account.findMany({
    where: { OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }] },
    select: { slug: true },
  });
  const slug = firstFreeSlug(base, new Set(similar.map((a) => a.slug)));
  return db.$transaction(async (tx) => {
    const account = await tx.account.create({ data: { slug, name: accountName, ...ACCOUNT_DEFAULTS } });
    // The membership is created with the new account's id spelled out: the tenant exists only
    // inside this transaction.
    const user = await tx.user.create({
      data: {
        email,
        displayName,
        status: "active",
        memberships: { create: { accountId: account.id, persona: "administrator" } },
      },
    });
    const magicLink = await createMagicLink({ userId: user.id, accountId: account.id, email: { askedOn } }, tx);
    return { account: serializeAccount(account), user: serializeUser(user), magicLink };
  });
}
