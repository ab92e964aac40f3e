import "server-only";
import { createMagicLink } from "./create-magic-link";

/**
 * Stores a new link for the user of the account with its email waiting beside it; the write wakes the jobs
 * runner, which sends it after the caller has answered, in the user's language (lib/i18n/locales.ts
 * emailLocale; `askedOn`: the language the visitor asked in).
 */
export async function issueMagicLink(input: {
  user: { id: string; email: string; locale: string | null };
  account: { id: string; name: string; slug: string; locale: string };
  askedOn?: string | null;
  /** Where the link leads once it has signed in (a path checked by safeReturnTo). */
  returnTo?: string | null;
}): Promise<{ token: string; expiresAt: Date }> {
  const link = await createMagicLink({
    userId: input.user.id,
    accountId: input.account.id,
    email: { askedOn: input.askedOn, returnTo: input.returnTo },
  });
  return link;
}
