import "server-only";
import type { Order } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueNoticeEmail } from "@/lib/notices/enqueue-notice-email";

/**
 * An `instalment_failed` notice (the notice outbox) to the buyer of an instalment that was not paid
 * and to each administrator of the studio who is not disabled, each in their own language.
 */
export async function noticeFailedInstalment(
  tx: TenantTx,
  { accountId, order }: { accountId: string; order: Order },
): Promise<void> {
  await enqueueNoticeEmail(tx, {
    accountId,
    kind: "instalment_failed",
    to: [{ userId: order.userId }, "administrators"],
    orderId: order.id,
  });
}
