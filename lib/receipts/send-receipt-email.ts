import "server-only";
import { configuredEmailTransport, logDelivery } from "@/lib/email/configured-transport";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { tenantDb } from "@/lib/db/tenant-db";
import { log } from "@/lib/log";
import { getReceiptFactsOrThrow } from "./get-receipt-facts";

/**
 * The payment email of a paid order, its receipt attached as a PDF: rendered and sent in an email
 * worker thread (decision 0010). Its id is the order's, so a repeat replaces rather than adds.
 */
export async function sendReceiptEmail({ accountId, orderId }: { accountId: string; orderId: string }): Promise<void> {
  const db = tenantDb(accountId);
  const [facts, account] = await Promise.all([
    getReceiptFactsOrThrow({ db, orderId }),
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } }),
  ]);
  const note = await runInEmailWorker({
    kind: "receipt",
    transport: configuredEmailTransport(),
    id: `receipt-${orderId}`,
    to: facts.buyer.email,
    content: { facts, studioName: account.name },
  });
  logDelivery(note);
}

/**
 * Sends the payment email after the payment's transaction has committed, without making the caller
 * wait; a failure is logged (the receipt stays downloadable: GET /me/orders/{orderId}/receipt).
 */
export function deliverReceiptEmail(order: { accountId: string; orderId: string }): void {
  sendReceiptEmail(order).catch((error: unknown) => {
    log.error("receipt email not sent", {
      ...order,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  });
}
