import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeUser, type UserDto } from "@/lib/schemas/user";
import { DEPENDANT_EMAIL_SUFFIX } from "@/lib/users/stand-in-addresses";

/** The guardian's active dependants who are members of the account, by name (GET /me/dependants). */
export async function listDependants({ db, guardianId }: { db: TenantDb; guardianId: string }): Promise<UserDto[]> {
  const memberships = await db.membership.findMany({
    where: { user: { guardianId, status: "active", email: { endsWith: DEPENDANT_EMAIL_SUFFIX } } },
    select: { user: true },
    orderBy: [{ displayName: "asc" }, { userId: "asc" }],
  });
  return memberships.map(({ user }) => serializeUser(user));
}
