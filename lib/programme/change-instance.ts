import "server-only";
import type { Instance } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

export type InstanceChange = {
  data: {
    status?: string;
    startsAt?: Date;
    endsAt?: Date;
    originalStartsAt?: Date | null;
    audience?: string;
    groupIds?: string[];
    teacherIds?: string[];
    ownTeachers?: boolean;
  };
  /** The audit record written in the same transaction; none for bookability changes. */
  exception?: {
    type: "move" | "cancel" | "restore" | "teachers";
    originalStartsAt: Date;
    replacementStartsAt: Date | null;
    /** `teachers` records: who taught it before the change, and who teaches it after. */
    originalTeacherIds?: string[];
    replacementTeacherIds?: string[];
  };
};

const ATTEMPTS = 5;

/** Marks a lost race on the instance row: the change is decided again on the fresh row. */
class InstanceChanged extends Error {}

/**
 * The one write path of instance changes. In one transaction: reads the instance, lets `decide`
 * choose the change (or throw, e.g. 409), updates the row only if nobody changed its status or time
 * meanwhile, writes the exception record and runs `alsoInTransaction` (the cancel's booking side
 * effects). A lost race is decided again on the fresh row, so a client never sees a conflict as 500.
 */
export async function changeInstance({
  db,
  instanceId,
  decide,
  alsoInTransaction,
}: {
  db: TenantDb;
  instanceId: string;
  decide: (instance: Instance, tx: TenantTx) => InstanceChange | Promise<InstanceChange>;
  alsoInTransaction?: (tx: TenantTx, before: Instance, after: Instance) => Promise<void>;
}): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const before = await tx.instance.findFirst({ where: { id: instanceId } });
        if (!before) throw new AppError("not_found");
        const change = await decide(before, tx);
        const [after] = await tx.instance.updateManyAndReturn({
          where: { id: instanceId, status: before.status, startsAt: before.startsAt },
          data: change.data,
        });
        if (!after) throw new InstanceChanged();
        if (change.exception) {
          await tx.instanceException.create({ data: { ...change.exception, accountId: before.accountId, instanceId } });
        }
        if (!alsoInTransaction) return after;
        await alsoInTransaction(tx, before, after);
        return tx.instance.findFirstOrThrow({ where: { id: instanceId } }); // with the counters it may have changed
      });
    } catch (error) {
      if (!(error instanceof InstanceChanged) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The same length of time starting at `startsAt`. */
export function keepDuration(instance: Instance, startsAt: Date): { startsAt: Date; endsAt: Date } {
  return { startsAt, endsAt: new Date(startsAt.getTime() + (instance.endsAt.getTime() - instance.startsAt.getTime())) };
}
