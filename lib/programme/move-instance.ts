import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { announceInstanceMove } from "@/lib/bookings/announce-instance-move";
import { withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { serializeInstance } from "@/lib/schemas/instance";
import { withEventFlag } from "./with-event-flags";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { changeInstance, keepDuration } from "./change-instance";

/**
 * Moves an instance to `startsAt`; `endsAt` keeps the duration and the status becomes `moved`. The
 * very first original time is kept so that restore can return to it. A cancelled instance answers
 * 409 `Instance is cancelled`; one that has started, or a `startsAt` that is not after `now`, 409
 * `Instance cannot start in the past`. Its attendees are told and its waitlist filled
 * (announce-instance-move.ts); subscribed webhooks get `instance.moved` with the instance as it is now.
 */
export async function moveInstance({
  db,
  instanceId,
  startsAt,
  now = new Date(),
}: {
  db: TenantDb;
  instanceId: string;
  startsAt: Date;
  now?: Date;
}) {
  // A deadlock with a concurrent booking transaction (the waitlist's credits) runs the move again.
  const moved = await withRetry(
    () =>
      changeInstance({
        db,
        instanceId,
        decide: (instance) => {
          if (instance.status === "cancelled") throw new AppError("instance_cancelled");
          if (instance.startsAt <= now || startsAt <= now) throw new AppError("instance_in_past");
          return {
            data: {
              ...keepDuration(instance, startsAt),
              status: "moved",
              originalStartsAt: instance.originalStartsAt ?? instance.startsAt,
            },
            exception: { type: "move", originalStartsAt: instance.startsAt, replacementStartsAt: startsAt },
          };
        },
        alsoInTransaction: async (tx, before) => {
          await announceInstanceMove({
            tx,
            accountId: before.accountId,
            instanceId,
            previous: { startsAt: before.startsAt },
            now,
          });
          await enqueueWebhookEvent(tx, {
            accountId: before.accountId,
            type: "instance.moved",
            data: serializeInstance(
              await withEventFlag(tx, await tx.instance.findFirstOrThrow({ where: { id: instanceId } })),
            ),
            now,
          });
        },
      }),
    { label: "PATCH /instances/{instanceId}" },
  );
  return moved;
}
