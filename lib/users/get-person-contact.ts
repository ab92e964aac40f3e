import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

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

/** The phones, notes and contact (contactLabel's) of a page of members, one read: the people list and people.csv. */
export async function contactsOf({ db, userIds }: { db: TenantDb; userIds: string[] }) {
  const memberships = await db.membership.findMany({
    where: { userId: { in: userIds } },
    select: {
      userId: true,
      notes: true,
      user: { select: { phone: true, email: true, guardian: { select: { displayName: true } } } },
    },
  });
  return new Map(
    memberships.map((m) => [
      m.userId,
      // the stored email with the guardian: what contactLabel needs to say "Barn af …" (never shown itself)
      { phone: m.user.phone, notes: m.notes, contact: { email: m.user.email, guardian: m.user.guardian } },
    ]),
  );
}
