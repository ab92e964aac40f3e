import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import type { UpdatePersonContactInput } from "@/lib/schemas/user-input";
import type { PersonContact } from "./get-person-contact";

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
