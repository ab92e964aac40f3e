import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeUser, type UserDto } from "@/lib/schemas/user";

/** The users that hold a membership in the active account, by display name. */
export async function listUsers(options: { db: TenantDb }): Promise<UserDto[]> {
  const memberships = await options.db.membership.findMany({
    include: { user: true },
    orderBy: [{ user: { displayName: "asc" } }, { user: { email: "asc" } }],
  });
  return memberships.map((membership) => serializeUser(membership.user));
}
