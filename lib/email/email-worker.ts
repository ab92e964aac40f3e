// The entry of an email worker thread (lib/email/email-workers.ts starts them): renders emails with
// React Email and hands them to the transport, off the thread that serves requests. Loaded by tsx
// without the react-server condition (react-dom/server renders here), so it imports nothing that
// needs the app's bundle.
import type { BookingNotice } from "@/lib/bookings/booking-notice";
import { renderBookingEmail, type BookingEmailFacts } from "@/lib/bookings/render-booking-email";
import type { GiftCardEmailFacts } from "@/lib/gift-cards/gift-card-email-facts";
import { renderGiftCardPdf } from "@/lib/gift-cards/render-gift-card-pdf";
import type { NoticeEmailFacts } from "@/lib/notices/notice-email-facts";
import { renderNoticeEmail } from "@/lib/notices/render-notice-email";
import { receiptFileName } from "@/lib/receipts/receipt-facts";
import { renderReceiptPdf } from "@/lib/receipts/render-receipt-pdf";
import { giftCardFileName, renderGiftCardEmail } from "./templates/gift-card-email";
import { renderGiftCardExpiryEmail } from "./templates/gift-card-expiry-email";
import { renderMagicLinkEmail, type MagicLinkEmailProps } from "./templates/magic-link-email";
import { renderReceiptEmail, type ReceiptEmailProps } from "./templates/receipt-email";
import { deliverEmail, type DeliveryNote, type EmailTransport } from "./transport";

/** One booking email to send: its message id, the notice and what the email says now (null: gone). */
export type BookingEmailJob = { id: string; notice: BookingNotice; facts: BookingEmailFacts | null };

/** One notice email to send (lib/notices): its message id and what it says now (null: no longer to be sent). */
export type NoticeEmailJob = { id: string; facts: NoticeEmailFacts | null };

export type EmailTask =
  | { kind: "booking-emails"; transport: EmailTransport; jobs: BookingEmailJob[] }
  | { kind: "notice-emails"; transport: EmailTransport; jobs: NoticeEmailJob[] }
  | { kind: "sign-in"; transport: EmailTransport; id: string; to: string; content: MagicLinkEmailProps }
  | { kind: "receipt"; transport: EmailTransport; id: string; to: string; content: ReceiptEmailProps }
  | { kind: "gift-card"; transport: EmailTransport; id: string; facts: GiftCardEmailFacts };

/** Per outbox email: sent, no longer to be sent, or failed (the error's name only). */
export type EmailOutcome = { sent: DeliveryNote } | { skipped: true } | { failed: string };
export type BookingEmailOutcome = EmailOutcome;

export type EmailTaskResult<T extends EmailTask> = T extends { kind: "booking-emails" | "notice-emails" }
  ? EmailOutcome[]
  : DeliveryNote;

export default async function runEmailTask(task: EmailTask): Promise<EmailOutcome[] | DeliveryNote> {
  switch (task.kind) {
    case "booking-emails": {
      // one after another: rendering is CPU anyway, and a provider's rate limit is per second
      const outcomes: BookingEmailOutcome[] = [];
      for (const job of task.jobs) outcomes.push(await sendBookingEmail(job, task.transport));
      return outcomes;
    }
    case "notice-emails": {
      const outcomes: EmailOutcome[] = [];
      for (const job of task.jobs) outcomes.push(await sendNoticeEmail(job, task.transport));
      return outcomes;
    }
    case "sign-in": {
      const message = await renderMagicLinkEmail(task.content);
      return deliverEmail({ id: task.id, to: task.to, ...message }, task.transport);
    }
    case "receipt": {
      const [message, pdf] = await Promise.all([
        renderReceiptEmail(task.content),
        renderReceiptPdf(task.content.facts),
      ]);
      const attachment = {
        filename: receiptFileName(task.content.facts),
        content: pdf.toString("base64"),
        contentType: "application/pdf",
        encoding: "base64" as const,
      };
      return deliverEmail({ id: task.id, to: task.to, ...message, attachments: [attachment] }, task.transport);
    }
    case "gift-card":
      return sendGiftCardEmail(task.id, task.facts, task.transport);
  }
}

/** A gift card's email (lib/gift-cards/gift-card-email-jobs.ts): the card itself with its PDF, or an expiry notice. */
async function sendGiftCardEmail(
  id: string,
  facts: GiftCardEmailFacts,
  transport: EmailTransport,
): Promise<DeliveryNote> {
  if (facts.kind === "expiry_notice") {
    return deliverEmail({ id, to: facts.to, ...(await renderGiftCardExpiryEmail(facts)) }, transport);
  }
  const [message, pdf] = await Promise.all([renderGiftCardEmail(facts), renderGiftCardPdf(facts.card)]);
  const attachment = {
    filename: giftCardFileName(facts),
    content: pdf.toString("base64"),
    contentType: "application/pdf",
    encoding: "base64" as const,
  };
  return deliverEmail({ id, to: facts.to, ...message, attachments: [attachment] }, transport);
}

async function sendBookingEmail(job: BookingEmailJob, transport: EmailTransport): Promise<BookingEmailOutcome> {
  try {
    const message = job.facts && (await renderBookingEmail(job.notice, job.facts));
    if (!message) return { skipped: true };
    return { sent: await deliverEmail({ id: job.id, ...message }, transport) };
  } catch (error) {
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}

async function sendNoticeEmail(job: NoticeEmailJob, transport: EmailTransport): Promise<EmailOutcome> {
  try {
    if (!job.facts) return { skipped: true };
    return { sent: await deliverEmail({ id: job.id, ...(await renderNoticeEmail(job.facts)) }, transport) };
  } catch (error) {
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}
