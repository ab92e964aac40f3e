import "server-only";
import type { Account } from "@prisma/client";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isStorableText } from "@/lib/schemas/storable-text";

/** An active account by its public slug; 404 `Resource not found` for unknown or suspended ones. */
export async function getPublicAccountOrThrow(options: { slug: string }): Promise<Account> {
  if (!isStorableText(options.slug)) throw new AppError("not_found"); // a page's slug comes unparsed
  const account = await db.account.findFirst({ where: { slug: options.slug, status: "active" } });
  if (!account) throw new AppError("not_found");
  return account;
}
