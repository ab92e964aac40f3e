import "server-only";
import type Stripe from "stripe";
import { onAccount } from "./on-account";

/**
 * The PaymentIntent that paid an invoice, which a refund of its order names. Invoices no longer carry
 * it themselves (API 2025-03-31): their `payments` list does when the event includes it, else the
 * Invoice Payments API is asked, on the connected account the invoice belongs to.
 */
export async function invoicePaymentIntent(
  stripe: () => Stripe,
  invoice: Stripe.Invoice,
  connectedAccountId: string | null,
): Promise<string | null> {
  const listed = invoice.payments?.data ?? (await listInvoicePayments(stripe(), invoice.id!, connectedAccountId));
  for (const { status, payment } of listed) {
    if (status !== "paid" || payment.type !== "payment_intent" || !payment.payment_intent) continue;
    return typeof payment.payment_intent === "string" ? payment.payment_intent : payment.payment_intent.id;
  }
  return null;
}

async function listInvoicePayments(
  stripe: Stripe,
  invoiceId: string,
  connectedAccountId: string | null,
): Promise<Stripe.InvoicePayment[]> {
  const page = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }, onAccount(connectedAccountId));
  return page.data;
}
