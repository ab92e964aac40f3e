import "server-only";
import { db as rootDb } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";

/**
 * A payment event a provider reports (a webhook delivery), applied once however often it is told:
 * its id (`<provider>:<event id>`, `ProcessedPaymentEvent`) is recorded in the same transaction as
 * its effects (the status writers of order-status.ts and what they bring), so a redelivery, or two
 * deliveries racing, find it recorded and change nothing: "duplicate". A rollback records nothing,
 * so the provider's next delivery applies it. The provider's adapter turns its event into `work`.
 */
export async function applyPaymentEventOnce<T>(
  accountId: string,
  eventId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T | "duplicate"> {
  return tenantDb(accountId).$transaction(async (tx) => {
    const { count } = await tx.processedPaymentEvent.createMany({ data: [{ id: eventId }], skipDuplicates: true });
    if (count === 0) return "duplicate" as const;
    return work(tx);
  });
}

/** Whether a payment event was applied already: a redelivery needs no second look-up at the provider. */
export async function paymentEventApplied(eventId: string): Promise<boolean> {
  return (await rootDb.processedPaymentEvent.findUnique({ where: { id: eventId }, select: { id: true } })) !== null;
}
