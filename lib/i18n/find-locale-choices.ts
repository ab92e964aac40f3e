import "server-only";
import { db } from "@/lib/db";

/**
 * What the language of a page depends on, from the database: the person's own choice (when signed
 * in) and the locale tag of the studio the page belongs to (by slug on the public site, else the
 * session's active account).
 */
export async function findLocaleChoices(options: {
  userId?: string;
  accountId?: string;
  slug?: string;
}): Promise<{ personal: string | null; studioLocaleTag: string | null }> {
  const { userId, accountId, slug } = options;
  const studioWhere = slug ? { slug } : accountId ? { id: accountId } : undefined;
  const [user, studio] = await Promise.all([
    userId ? db.user.findUnique({ where: { id: userId }, select: { locale: true } }) : null,
    studioWhere ? db.account.findUnique({ where: studioWhere, select: { locale: true } }) : null,
  ]);
  return { personal: user?.locale ?? null, studioLocaleTag: studio?.locale ?? null };
}
