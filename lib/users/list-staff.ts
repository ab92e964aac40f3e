import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

export type StaffMember = { id: string; name: string };

/**
 * Who the dashboard offers to teach a class: the account's teachers and administrators, and the other
 * members named in `alsoIds` (a class may be taught by any member, so a teacher chosen earlier stays
 * choosable), by name. One query on the (accountId, persona) index and the primary key: a studio of
 * 50,000 attendees has a handful of staff, and its forms must not list everyone.
 */
export async function listStaff(options: { db: TenantDb; accountId: string; alsoIds?: readonly string[] }): Promise<StaffMember[]> {
  const { db, accountId, alsoIds = [] } = options;
  const rows = await db.$queryRaw<{ id: string; displayName: string; email: string }[]>`
    SELECT m."userId" AS id, m."displayName", m.email
      FROM "Membership" m
     WHERE m."accountId" = ${accountId}
       AND (m.persona IN ('teacher', 'administrator') OR m."userId" = ANY(${[...alsoIds]}::text[]))`;
  return rows
    .map((row) => ({ id: row.id, name: row.displayName || row.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
