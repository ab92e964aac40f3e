import "server-only";
import type { Order } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * An `instalment_failed` notice (the notice outbox) to the buyer of an instalment that was not paid
 * and to each administrator of the studio who is not disabled, each in their own language.
 */
export async function noticeFailedInstalment(
  tx: TenantTx,
  { accountId, order }: { accountId: string; order: Order },
): Promise<void> {
  const administrators = await tx.membership.findMany({
    where: { persona: "administrator", user: { status: { not: "disabled" } } },
    select: { userId: true },
  });
  const recipients = new Set([order.userId, ...administrators.map(({ userId }) => userId)]);
  await tx.noticeEmail.createMany({
    data: [...recipients].map((userId) => ({ accountId, kind: "instalment_failed", userId, orderId: order.id })),
  });
}
