import "server-only";
import { sendEmail } from "@/lib/email/send-email";
import { renderMagicLinkEmail } from "@/lib/email/templates/magic-link-email";
import { log } from "@/lib/log";
import { MAGIC_LINK_LIFETIME_MS } from "./create-magic-link";
import { magicLinkUrl } from "./magic-link-url";

export type MagicLinkDelivery = { to: string; token: string; accountId: string; accountName: string };

/** Renders and sends the sign-in email; resolves when the transport has taken it. */
export async function sendMagicLinkEmail(delivery: MagicLinkDelivery): Promise<void> {
  const message = await renderMagicLinkEmail({
    url: magicLinkUrl(delivery.token),
    accountName: delivery.accountName,
    validMinutes: MAGIC_LINK_LIFETIME_MS / 60_000,
  });
  await sendEmail({ to: delivery.to, ...message });
}

/**
 * Sends the sign-in email after the caller has answered (decisions §2: a request for an unknown
 * user takes about as long as a real one). A failure is logged without the link or the address.
 */
export function deliverMagicLink(delivery: MagicLinkDelivery): void {
  sendMagicLinkEmail(delivery).catch((error: unknown) => {
    log.error("magic link email not sent", {
      accountId: delivery.accountId,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  });
}
