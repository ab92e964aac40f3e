import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import type { UpdatePersonContactInput } from "@/lib/schemas/user-input";

export type PersonContact = {
  /** The identity's phone, as typed or imported. */
  phone: string | null;
  /** The studio's own notes about the member (the membership's). */
  notes: string | null;
  /** The identity belongs to another studio too: its phone is theirs as well, so it is not changed here. */
  sharedIdentity: boolean;
};

/** A member's phone and the studio's notes about them, for the person page: 404 for no member here. */
export async function getPersonContact({ db, userId }: { db: TenantDb; userId: string }): Promise<PersonContact> {
  const membership = await db.membership.findFirst({
    where: { userId },
    select: { notes: true, user: { select: { phone: true, _count: { select: { memberships: true } } } } },
  });
  if (!membership) throw new AppError("not_found");
  return {
    phone: membership.user.phone,
    notes: membership.notes,
    sharedIdentity: membership.user._count.memberships > 1,
  };
}

/** The phones and notes of a page of members, one read: the people list and people.csv. */
export async function contactsOf({ db, userIds }: { db: TenantDb; userIds: string[] }) {
  const memberships = await db.membership.findMany({
    where: { userId: { in: userIds } },
    select: { userId: true, notes: true, user: { select: { phone: true } } },
  });
  return new Map(memberships.map((m) => [m.userId, { phone: m.user.phone, notes: m.notes }]));
}

/**
 * The desk changes a member's phone and the studio's notes about them; null clears one. The phone
 * of an identity that belongs to another studio too is kept (400 `phone_shared` when it would
 * change), as its email is: one studio does not rewrite what another reads. 404 for no member here.
 */
export async function updatePersonContact({
  db,
  accountId,
  userId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  input: UpdatePersonContactInput;
}): Promise<PersonContact> {
  return db.$transaction(async (tx) => {
    const membership = await tx.membership.findUnique({
      where: { accountId_userId: { accountId, userId } },
      select: { user: { select: { phone: true, _count: { select: { memberships: true } } } } },
    });
    if (!membership) throw new AppError("not_found");
    const shared = membership.user._count.memberships > 1;
    const phoneChanges = input.phone !== membership.user.phone;
    if (phoneChanges && shared)
      throw new AppError("validation_failed", { details: [ruleDetail("phone", "phone_shared")] });
    if (phoneChanges) await tx.user.update({ where: { id: userId }, data: { phone: input.phone } });
    const updated = await tx.membership.update({
      where: { accountId_userId: { accountId, userId } },
      data: { notes: input.notes },
      select: { notes: true },
    });
    return { phone: input.phone, notes: updated.notes, sharedIdentity: shared };
  });
}
