import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { serializeSession, type SessionDto } from "@/lib/schemas/session";
import { serializeMembership, serializeUser, type MembershipDto, type UserDto } from "@/lib/schemas/user";
import { createSession } from "./create-session";
import { hashToken } from "./tokens";

export type ConsumeMagicLinkOptions = {
  token: string;
  kind: "bearer" | "web";
  /** Which link: one asked for (`sign_in`, the default) or an import's welcome (`invitation`); never the other. */
  link?: "sign_in" | "invitation";
  now?: Date;
};
export type ConsumedMagicLink = { session: SessionDto; user: UserDto; membership: MembershipDto };

/**
 * Exchanges a magic-link token for a new 30-day session. The link is claimed with one conditional
 * UPDATE (unconsumed and unexpired), so of any number of concurrent consumes exactly one succeeds;
 * the claim and the session commit together. An invited user becomes active.
 */
export async function consumeMagicLink({
  token,
  kind,
  link: linkKind = "sign_in",
  now = new Date(),
}: ConsumeMagicLinkOptions): Promise<ConsumedMagicLink> {
  const tokenHash = hashToken(token);
  return db.$transaction(async (tx) => {
    const [link] = await tx.magicLink.updateManyAndReturn({
      where: { tokenHash, kind: linkKind, consumedAt: null, expiresAt: { gt: now } },
      data: { consumedAt: now },
      include: { user: true },
    });
    if (!link) throw new AppError("magic_link_invalid");
    const membership = await tx.membership.findUnique({
      where: { accountId_userId: { accountId: link.accountId, userId: link.userId } },
    });
    // Removed from the account or disabled since the link was sent: the link no longer signs in.
    if (!membership || link.user.status === "disabled") throw new AppError("magic_link_invalid");
    const user =
      link.user.status === "invited"
        ? await tx.user.update({ where: { id: link.userId }, data: { status: "active" } })
        : link.user;
    const session = await createSession({ userId: link.userId, accountId: link.accountId, kind }, tx);
    return {
      session: serializeSession(session.token, session),
      user: serializeUser(user),
      membership: serializeMembership(membership),
    };
  });
}
