import "server-only";
import { isUniqueViolation } from "@/lib/db/errors";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { serializeUser, type UserDto } from "@/lib/schemas/user";
import { fromIsoDate, type UpdateUserInput } from "@/lib/schemas/user-input";
import { ruleDetail } from "@/lib/error-details";

const emailTaken = () => new AppError("validation_failed", { details: [ruleDetail("email", "email_taken")] });
const emailShared = () => new AppError("validation_failed", { details: [ruleDetail("email", "email_shared")] });
const lastAdministrator = () =>
  new AppError("validation_failed", { details: [ruleDetail("persona", "last_administrator")] });

/**
 * An administrator edits a user of the active account: the identity's name, email and date of birth,
 * and the persona of the membership. A user who is not a member of the account: 404. The last
 * administrator of an account cannot become a teacher or an attendee (400): nobody could administer it any more.
 *
 * Emails are unique across all accounts. An identity that also belongs to another account keeps its
 * email: otherwise one account's administrator could redirect another account's sign-in links.
 */
export async function updateUser(options: {
  db: TenantDb;
  accountId: string;
  userId: string;
  input: UpdateUserInput;
}): Promise<UserDto> {
  const { db, accountId, userId, input } = options;
  try {
    return await db.$transaction(async (tx) => {
      const membership = await tx.membership.findUnique({
        where: { accountId_userId: { accountId, userId } },
        include: { user: { include: { _count: { select: { memberships: true } } } } },
      });
      if (!membership) throw new AppError("not_found");
      const current = membership.user;

      const emailChanges = input.email !== undefined && input.email !== current.email;
      if (emailChanges) {
        if (current._count.memberships > 1) throw emailShared();
        const holder = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
        if (holder) throw emailTaken();
      }
      if (input.persona !== undefined && input.persona !== membership.persona) {
        if (membership.persona === "administrator") {
          const administrators = await tx.membership.count({ where: { accountId, persona: "administrator" } });
          if (administrators <= 1) throw lastAdministrator();
        }
        await tx.membership.update({
          where: { accountId_userId: { accountId, userId } },
          data: { persona: input.persona },
        });
      }
      const user = await tx.user.update({
        where: { id: userId },
        data: {
          displayName: input.displayName,
          email: emailChanges ? input.email : undefined,
          dateOfBirth: input.dateOfBirth === undefined ? undefined : fromIsoDate(input.dateOfBirth),
        },
      });
      return serializeUser(user);
    });
  } catch (error) {
    // Another request took the email between our check and our write.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
