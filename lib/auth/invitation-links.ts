// The one-tap link of an import's welcome email (issue 43 §5): a MagicLink row of kind `invitation`,
// single-use, 14 days, stored as the token's SHA-256 hash only, as a sign-in link is. Written by the
// notice drain as it sends the email (plain SQL, no server-only: lib/notices/notice-email-jobs.ts);
// opened by /sign-in/invitation (lib/auth/open-invitation.ts).
import type { RawSql } from "@/lib/db/raw-sql";
import { hashToken, newSecretToken } from "./tokens";

export const INVITATION_LIFETIME_MS = 14 * 24 * 3_600_000;

/**
 * Stores a new invitation of `userId` into `accountId`, valid 14 days from `now` (the database's
 * clock when null), and returns its token: only its hash is kept, so the token exists only in the
 * email it is written into.
 */
export async function createInvitation(
  sql: RawSql,
  invitation: { userId: string; accountId: string; now: Date | null },
): Promise<string> {
  const token = newSecretToken();
  await sql.query({
    text: `INSERT INTO "MagicLink" ("tokenHash", "userId", "accountId", "kind", "expiresAt")
           VALUES ($1, $2, $3, 'invitation', COALESCE($4::timestamp, now()::timestamp) + $5::int * interval '1 millisecond')`,
    values: [hashToken(token), invitation.userId, invitation.accountId, invitation.now, INVITATION_LIFETIME_MS],
  });
  return token;
}

/** The emailed link: it names the studio, so that a spent link still opens that studio's sign-in page. */
export function invitationUrl(appUrl: string, token: string, accountSlug: string): string {
  return `${appUrl}/sign-in/invitation?${new URLSearchParams({ token, account: accountSlug })}`;
}
