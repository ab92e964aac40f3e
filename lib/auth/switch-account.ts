import "server-only";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { serializeSession, type SessionDto } from "@/lib/schemas/session";

export type SwitchAccountOptions = {
  userId: string;
  /** The presented credential: the answer's `id`, and (hashed) the session to change. */
  session: { token: string; tokenHash: string; via: "bearer" | "cookie" };
  accountId: string;
};

/**
 * Makes another account the session's active tenant, only where the user holds a membership
 * (anything else, including an unknown account, is 404). Lifetime and credential stay the same; the
 * answer's `id` is the Bearer credential presented, and empty for a session presented as a cookie.
 */
export async function switchAccount({ userId, session, accountId }: SwitchAccountOptions): Promise<SessionDto> {
  const membership = await tenantDb(accountId).membership.findFirst({ where: { userId }, select: { userId: true } });
  if (!membership) throw new AppError("not_found");
  const [updated] = await db.session.updateManyAndReturn({
    where: { tokenHash: session.tokenHash, userId },
    data: { accountId },
  });
  // Logged out by a concurrent request in between.
  if (!updated) throw new AppError("authentication_required");
  // A cookie is HttpOnly so that no script of a page can read it: its value never goes in a body.
  return serializeSession(session.via === "cookie" ? "" : session.token, updated);
}
