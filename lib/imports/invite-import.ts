import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";

/**
 * Puts a welcome email in the notice outbox for every person the import created, once: a second
 * call queues none. In the studio's language (the imported have chosen none), with a one-tap
 * invitation that signs the person in (lib/auth/invitation-links.ts, written as the email is sent).
 * 409 `Import is not committed` before the commit has finished.
 */
export async function inviteImport({
  db,
  accountId,
  importId,
}: {
  db: TenantDb;
  accountId: string;
  importId: string;
}): Promise<{ queued: number }> {
  const queued = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: string; invitedAt: Date | null }[]>`
      SELECT "status", "invitedAt" FROM "Import" WHERE "id" = ${importId} AND "accountId" = ${accountId} FOR UPDATE`;
    if (!locked) throw new AppError("not_found");
    if (locked.status !== "committed") throw new AppError("import_not_committed");
    if (locked.invitedAt) return 0;
    await tx.import.update({ where: { id: importId }, data: { invitedAt: new Date() } });
    const created = await tx.$queryRaw<{ userId: string }[]>`
      SELECT DISTINCT r."userId"
        FROM "ImportRow" r JOIN "Import" i ON i."id" = r."importId" AND i."accountId" = r."accountId"
       WHERE r."accountId" = ${accountId} AND r."importId" = ${importId} AND i."kind" = 'people'
         AND r."outcome" = 'created' AND r."userId" IS NOT NULL`;
    return enqueueNoticeEmail(tx, { accountId, kind: "import_welcome", to: created });
  });
  return { queued };
}
