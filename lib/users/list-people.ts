import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeMembership, serializeUser } from "@/lib/schemas/user";

/** The people of the active account with the persona each holds there, by name (as GET /users orders them). */
export async function listPeople({ db }: { db: TenantDb }) {
  const memberships = await db.membership.findMany({
    include: { user: true },
    orderBy: [{ user: { displayName: "asc" } }, { user: { email: "asc" } }],
  });
  return memberships.map((membership) => ({
    ...serializeUser(membership.user),
    persona: serializeMembership(membership).persona,
  }));
}
