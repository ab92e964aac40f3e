import "server-only";
import type { Withdrawal } from "@prisma/client";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { findSignInAccount } from "@/lib/auth/find-sign-in-account";
import { tenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { chooseLocale } from "@/lib/i18n/locales";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { withdrawalLimits } from "@/lib/rate-limit/rules";
import { withdrawOrder } from "./withdraw-order";

/** The language the request asks in: the visitor's switcher cookie, else the studio's, else the browser's. */
type AskedIn = { visitor?: string; acceptLanguage: string | null };

/**
 * POST /withdrawals of a signed-in member naming their own order (401 without a session; an API
 * key, no person, 403). The studio is the session's.
 */
export async function withdrawAsMember(auth: Auth | undefined, orderId: string, askedIn: AskedIn): Promise<Withdrawal> {
  if (!auth) throw new AppError("authentication_required");
  if (auth.kind !== "person") throw new AppError("insufficient_permission");
  const account = await auth.db.account.findUniqueOrThrow({ where: { id: auth.accountId }, select: { locale: true } });
  const locale = chooseLocale({ ...askedIn, studioLocaleTag: account.locale });
  return withdrawOrder(auth.db, { by: "member", userId: auth.userId, orderId }, { now: new Date(), locale });
}

/**
 * POST /withdrawals without a session: the studio by its slug (404 for none, as for an order that
 * does not match), the buyer proving the order with their email and the receipt number; rate
 * limited per client address, as sign-in is, against guessing.
 */
export async function withdrawAsBuyer(
  input: { accountSlug: string; name: string; email: string; receiptNumber: number },
  { clientIp, ...askedIn }: AskedIn & { clientIp: string },
): Promise<Withdrawal> {
  await enforceRateLimits(withdrawalLimits({ clientIp }));
  const account = await findSignInAccount(input.accountSlug);
  if (!account) throw new AppError("not_found");
  const db = tenantDb(account.id);
  const { locale: studioLocaleTag } = await db.account.findUniqueOrThrow({
    where: { id: account.id },
    select: { locale: true },
  });
  const locale = chooseLocale({ ...askedIn, studioLocaleTag });
  const { name, email, receiptNumber } = input;
  return withdrawOrder(db, { by: "buyer", name, email, receiptNumber }, { now: new Date(), locale });
}
