import "server-only";
import { db } from "@/lib/db";

/** Who a session is for, to greet them: the user's name and the account's; undefined when either is gone. */
export async function findSignedInIdentity({ userId, accountId }: { userId: string; accountId: string }) {
  const [user, account] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { displayName: true } }),
    db.account.findUnique({ where: { id: accountId }, select: { name: true, slug: true } }),
  ]);
  return user && account ? { user, account } : undefined;
}
