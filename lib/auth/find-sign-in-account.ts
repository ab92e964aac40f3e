import "server-only";
import { db } from "@/lib/db";

/** The account a sign-in page is for, by its public slug; null when there is no such active account. */
export async function findSignInAccount(slug: string): Promise<{ id: string; name: string; slug: string } | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  return db.account.findFirst({ where: { slug, status: "active" }, select: { id: true, name: true, slug: true } });
}
