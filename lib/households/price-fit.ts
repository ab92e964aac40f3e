import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { isEligibleForPrice } from "@/lib/commerce/price-eligibility";
import { listDependants } from "./list-dependants";

export type AgeLimit = { minAge: number | null; maxAge: number | null };

/**
 * Whom of the household a price is for when the member has not said (the order summary chooses it
 * for them): the member when it fits them (always, without an age limit), else their first child by
 * name it fits; `fits` null when nobody does, with the limit that says why. An unknown price is the
 * member's (the quote then answers not-found).
 */
export async function householdFitOfPrice({
  db,
  accountId,
  userId,
  priceId,
  now,
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  priceId: string;
  now: Date;
}): Promise<{ fits: string | null; ageLimit: AgeLimit | null }> {
  const price = await db.price.findFirst({ where: { id: priceId }, select: { minAge: true, maxAge: true } });
  if (!price || (price.minAge === null && price.maxAge === null)) return { fits: userId, ageLimit: null };
  const [account, member, children] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } }),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, dateOfBirth: true } }),
    listDependants({ db, guardianId: userId }),
  ]);
  const people = [
    member,
    ...children.map((child) => ({ id: child.id, dateOfBirth: child.dateOfBirth ? new Date(child.dateOfBirth) : null })),
  ];
  const fitting = people.find((person) => isEligibleForPrice(price, person, { timezone: account.timezone, now }));
  return { fits: fitting?.id ?? null, ageLimit: price };
}
