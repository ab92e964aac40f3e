import "server-only";
import { AppError } from "@/lib/errors";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { magicLinkRequestLimits } from "@/lib/rate-limit/rules";
import { findAccountUser } from "./find-account-user";
import { issueMagicLink } from "./issue-magic-link";

export type RequestMagicLinkOptions = {
  email: string;
  accountId: string;
  clientIp: string;
  /** The visitor's choice of language, if the request carries one (the switcher's cookie). */
  askedOn?: string | null;
};

/**
 * Sends a sign-in link to an existing user of the account. Every request counts against the rate
 * limits, also one for an unknown user (404), which answers before any email work is done.
 */
export async function requestMagicLink(options: RequestMagicLinkOptions): Promise<{ expiresAt: Date }> {
  await enforceRateLimits(magicLinkRequestLimits(options));
  const found = await findAccountUser(options);
  if (!found) throw new AppError("not_found");
  const { expiresAt } = await issueMagicLink({ user: found.user, account: found.account, askedOn: options.askedOn });
  return { expiresAt };
}
