import "server-only";
import { db } from "@/lib/db";

/** The public slug of an account, by id; undefined when there is no such account. */
export async function findAccountSlug({ accountId }: { accountId: string }): Promise<string | undefined> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { slug: true } });
  return account?.slug;
}
