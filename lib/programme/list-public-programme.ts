import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";

/**
 * The public schedule of an active account (unknown or suspended slug: 404): its published events
 * with their teachers' display names, and the instances of published events that anyone may book
 * (audience `everyone`, status `scheduled` or `moved`) starting in [from, to), in chronological order.
 * Cancelled instances, group-restricted ones and those for nobody are omitted.
 */
export async function listPublicProgramme({ slug, from, to }: { slug: string; from: Date; to: Date }) {
  const account = await getPublicAccountOrThrow({ slug });
  const db = tenantDb(account.id);
  const [events, instances] = await Promise.all([
    db.event.findMany({ where: { status: "published" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.instance.findMany({
      where: {
        startsAt: { gte: from, lt: to },
        status: { in: ["scheduled", "moved"] },
        audience: "everyone",
        event: { status: "published" },
      },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const teacherIds = [...new Set(events.flatMap((event) => event.teacherIds))];
  const teachers =
    teacherIds.length === 0
      ? []
      : await db.membership.findMany({
          where: { userId: { in: teacherIds } },
          select: { user: { select: { id: true, displayName: true } } },
        });
  return { events, instances, teachers: new Map(teachers.map(({ user }) => [user.id, user.displayName])) };
}
