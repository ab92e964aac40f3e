import "server-only";
import { randomUUID } from "node:crypto";
import { configuredEmailTransport, logDelivery } from "@/lib/email/configured-transport";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { emailLocale } from "@/lib/i18n/locales";
import { log } from "@/lib/log";
import { MAGIC_LINK_LIFETIME_MS } from "./create-magic-link";
import { magicLinkUrl } from "./magic-link-url";

export type MagicLinkDelivery = {
  token: string;
  /** The recipient: their address and their own choice of language (null: none). */
  user: { email: string; locale: string | null };
  /** The studio the link signs into: its name, its slug (in the link) and its locale tag for the language of the email. */
  account: { id: string; name: string; slug: string; locale: string };
  /** The language of the page the link was asked for on, or the visitor's switcher choice, if known. */
  askedOn?: string | null;
  /** Where the person goes once signed in: a path of this site (safeReturnTo), else the studio's schedule. */
  returnTo?: string | null;
};

/** Renders (in an email worker thread) and sends the sign-in email; resolves when the transport has taken it. */
export async function sendMagicLinkEmail(delivery: MagicLinkDelivery): Promise<void> {
  const { user, account } = delivery;
  const note = await runInEmailWorker({
    kind: "sign-in",
    transport: configuredEmailTransport(),
    id: `sign-in-${randomUUID()}`,
    to: user.email,
    content: {
      url: magicLinkUrl(delivery.token, account.slug, delivery.returnTo),
      accountName: account.name,
      validMinutes: MAGIC_LINK_LIFETIME_MS / 60_000,
      locale: emailLocale({ recipient: user.locale, askedOn: delivery.askedOn, studioLocaleTag: account.locale }),
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
      accountId: delivery.account.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
  });
}
