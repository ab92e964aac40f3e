import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { serializeInstance } from "@/lib/schemas/instance";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { changeInstance, keepDuration } from "./change-instance";

/**
 * Moves an instance to `startsAt`; `endsAt` keeps the duration and the status becomes `moved`. The
 * very first original time is kept so that restore can return to it. A cancelled instance answers
 * 409 `Instance is cancelled`. Subscribed webhooks get `instance.moved` with the instance as it is now.
 */
export async function moveInstance({ db, instanceId, startsAt }: { db: TenantDb; instanceId: string; startsAt: Date }) {
  const now = new Date();
  return changeInstance({
    db,
    instanceId,
    decide: (instance) => {
      if (instance.status === "cancelled") throw new AppError("instance_cancelled");
      return {
        data: {
          ...keepDuration(instance, startsAt),
          status: "moved",
          originalStartsAt: instance.originalStartsAt ?? instance.startsAt,
        },
        exception: { type: "move", originalStartsAt: instance.startsAt, replacementStartsAt: startsAt },
      };
    },
    alsoInTransaction: async (tx, before, after) => {
      await enqueueWebhookEvent(tx, {
        accountId: before.accountId,
        type: "instance.moved",
        data: serializeInstance(after),
        now,
      });
    },
  });
}
