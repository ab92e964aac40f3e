import "server-only";
import { findAccountSlug } from "@/lib/account/find-account-slug";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { realEmail } from "@/lib/users/stand-in-addresses";
import { looksLikeSlug } from "./account-slug";
import { consumeMagicLink } from "./consume-magic-link";
import { hashToken } from "./tokens";

export type OpenedInvitation =
  | { signedIn: true; session: { id: string; expiresAt: string }; accountSlug: string }
  /** Used, expired, unknown, or its person left the studio: where to ask for a sign-in link instead. */
  | { signedIn: false; email: string | null; accountSlug: string | null };

/**
 * Opens an import's welcome link (lib/auth/invitation-links.ts): a valid one is consumed as a
 * sign-in link is (one conditional claim, a 30-day web session, an invited person becomes active);
 * any other answers the studio and the address to fill the studio's sign-in page with, so that
 * the person asks for a fresh link in one step. The address is the invitation's own person's only.
 */
export async function openInvitation({
  token,
  accountSlug,
  now = new Date(),
}: {
  token: string | null;
  /** The link's `account`: the studio of a token that is not found at all. */
  accountSlug: string | null;
  /** The clock the invitation's 14 days are judged by (tests inject one). */
  now?: Date;
}): Promise<OpenedInvitation> {
  const wellFormed = token !== null && token.length > 0 && token.length <= 200;
  if (wellFormed) {
    try {
      const { session, membership } = await consumeMagicLink({ token, kind: "web", link: "invitation", now });
      const slug = await findAccountSlug({ accountId: membership.accountId });
      if (slug) return { signedIn: true, session, accountSlug: slug };
    } catch (error) {
      if (!(error instanceof AppError && error.code === "magic_link_invalid")) throw error;
    }
  }
  const link = wellFormed
    ? await db.magicLink.findFirst({
        where: { tokenHash: hashToken(token), kind: "invitation" },
        select: { user: { select: { email: true } }, account: { select: { slug: true } } },
      })
    : null;
  return {
    signedIn: false,
    email: link ? realEmail(link.user.email) : null,
    accountSlug: link?.account.slug ?? (looksLikeSlug(accountSlug) ? accountSlug : null),
  };
}
