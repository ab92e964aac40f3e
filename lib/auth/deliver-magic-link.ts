import "server-only";
import { randomUUID } from "node:crypto";
import { configuredEmailTransport, logDelivery } from "@/lib/email/configured-transport";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { log } from "@/lib/log";
import { MAGIC_LINK_LIFETIME_MS } from "./create-magic-link";
import { magicLinkUrl } from "./magic-link-url";

export type MagicLinkDelivery = { to: string; token: string; accountId: string; accountName: string };

/** Renders (in an email worker thread) and sends the sign-in email; resolves when the transport has taken it. */
export async function sendMagicLinkEmail(delivery: MagicLinkDelivery): Promise<void> {
  const note = await runInEmailWorker({
    kind: "sign-in",
    transport: configuredEmailTransport(),
    id: `sign-in-${randomUUID()}`,
    to: delivery.to,
    content: {
      url: magicLinkUrl(delivery.token),
      accountName: delivery.accountName,
      validMinutes: MAGIC_LINK_LIFETIME_MS / 60_000,
    },
  });
  logDelivery(note);
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
