import "server-only";
import type { Account, Event, Instance } from "@prisma/client";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { isStorableText } from "@/lib/schemas/storable-text";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { listMemberNames } from "@/lib/users/list-member-names";
import { PUBLIC_INSTANCE_WHERE } from "./public-instance-where";

export type PublicInstance = {
  account: Account;
  instance: Instance;
  event: Event;
  /** The instance's teachers (a substitute, if any) who are members, in `teacherIds` order: display names only. */
  teachers: string[];
  /** Where it takes place: the location's name and address, or the event's free-text place (no address). */
  location: { name: string; address: string } | null;
};

/**
 * One class of an active account's public schedule, with what its page shows (teachers, location
 * and address). 404 `Resource not found` for an unknown or suspended studio, and for an instance
 * that is unknown, of another account, or one the public schedule hides (cancelled, for groups or
 * nobody, of an unpublished event).
 */
export async function getPublicInstanceOrThrow(options: { slug: string; instanceId: string }): Promise<PublicInstance> {
  const account = await getPublicAccountOrThrow({ slug: options.slug });
  if (!isStorableText(options.instanceId)) throw new AppError("not_found"); // a page's id comes unparsed
  const db = tenantDb(account.id);
  const found = await db.instance.findFirst({
    where: { id: options.instanceId, ...PUBLIC_INSTANCE_WHERE },
    include: { event: true },
  });
  if (!found) throw new AppError("not_found");
  const { event, ...instance } = found;
  const [names, location] = await Promise.all([
    listMemberNames({ db, userIds: instance.teacherIds }),
    publicPlaceOf(db, event),
  ]);
  return { account, instance, event, teachers: instance.teacherIds.flatMap((id) => names.get(id) ?? []), location };
}

/** Where an event takes place: its location's name and address, or its free-text place (no address). */
export async function publicPlaceOf(db: TenantDb, event: Event): Promise<PublicInstance["location"]> {
  const place = event.locationId ? await db.location.findFirst({ where: { id: event.locationId } }) : null;
  if (place) return { name: place.name, address: place.address };
  return event.location ? { name: event.location, address: "" } : null;
}
