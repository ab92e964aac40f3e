import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { listMemberNames } from "@/lib/users/list-member-names";
import { PUBLIC_INSTANCE_WHERE } from "./public-instance-where";

/**
 * The public schedule of an active account (unknown or suspended slug: 404): its published events
 * and the teachers' display names of the events and of the instances (an instance's own teachers,
 * e.g. a substitute, are the ones its class shows), and the instances of published events that anyone may book
 * (audience `everyone`, status `scheduled` or `moved`) starting in [from, to), in chronological order.
 * Cancelled instances, group-restricted ones and those for nobody are omitted.
 */
export async function listPublicProgramme({ slug, from, to }: { slug: string; from: Date; to: Date }) {
  const account = await getPublicAccountOrThrow({ slug });
  const db = tenantDb(account.id);
  const [events, instances] = await Promise.all([
    db.event.findMany({ where: { status: "published" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.instance.findMany({
      where: { startsAt: { gte: from, lt: to }, ...PUBLIC_INSTANCE_WHERE },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const teachers = await listMemberNames({
    db,
    userIds: [...events.flatMap((event) => event.teacherIds), ...instances.flatMap((instance) => instance.teacherIds)],
  });
  return { events, instances, teachers };
}
