import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { PEOPLE_CSV_HEADER, EXPORT_BATCH_SIZE, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import type { PersonKey } from "@/lib/schemas/user";
import { listUsers } from "@/lib/users/list-users";
import { contactsOf } from "@/lib/users/get-person-contact";

/**
 * The people of the account as GET /users lists them (by name, then email), read a page at a time,
 * with what an import of people reads back besides: their phone and the studio's notes about them.
 */
export function exportPeople({
  db,
  accountId,
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: TenantDb;
  accountId: string;
  batchSize?: number;
}): CsvExport {
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    let after: PersonKey | undefined;
    do {
      const page = await listUsers({ db, accountId, viewer: "administrator", limit: batchSize, after });
      const extras = await contactsOf({ db, userIds: page.items.map((p) => p.id) });
      yield page.items.map((p) => [
        p.id,
        p.displayName,
        p.email,
        p.persona,
        p.status,
        p.dateOfBirth,
        extras.get(p.id)?.phone ?? null,
        extras.get(p.id)?.notes ?? null,
      ]);
      after = page.next ?? undefined;
    } while (after);
  }
  return { header: PEOPLE_CSV_HEADER, batches: batches() };
}
