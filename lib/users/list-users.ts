import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeMembership, serializeUser, type PersonDto } from "@/lib/schemas/user";

/** The users that hold a membership in the active account, each with the persona held there, by display name. */
export async function listUsers(options: { db: TenantDb }): Promise<PersonDto[]> {
  const memberships = await options.db.membership.findMany({
    include: { user: true },
    orderBy: [{ user: { displayName: "asc" } }, { user: { email: "asc" } }],
  });
  return memberships.map((membership) => ({
    ...serializeUser(membership.user),
    persona: serializeMembership(membership).persona,
  }));
}
