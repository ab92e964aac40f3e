import { mkdir, rename, writeFile } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Locale } from "@/lib/i18n/locales";
import { isRealEmail } from "@/lib/users/stand-in-addresses";

// How an email leaves: run inside the email worker threads (lib/email/email-workers.ts), so this
// module imports nothing that needs the app's bundle (no server-only, no env, no logger).

/** `content` is text (an .ics file), or base64 with `encoding: "base64"` (a PDF). */
export type EmailAttachment = { filename: string; content: string; contentType: string; encoding?: "base64" };
export type EmailMessage = {
  to: string;
  /** The language the message is written in: the outbox records it; Resend and the log do not need it. */
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
};
/**
 * A message with its id: the same id for every attempt at the same message, so a repeat after a
 * crash is harmless (the outbox file of that id is written again; Resend's idempotency key).
 */
export type OutgoingEmail = EmailMessage & { id: string };

/**
 * EMAIL_TRANSPORT: `outbox` writes one JSON file per message into `dir`, named by the message id;
 * `resend` sends through Resend; `log` only reports that a message was sent (the caller logs the
 * recipient's domain and the subject, never the body: it may hold a sign-in link).
 */
export type EmailTransport =
  { kind: "outbox"; dir: string } | { kind: "resend"; apiKey: string; from: string } | { kind: "log" };

/** What may be logged about a delivered message. */
export type DeliveryNote = { toDomain: string; subject: string };

/**
 * Sends one message. An address that is not a real one (a stand-in under `.invalid`: an erased
 * person's, a walk-in's or guest's without an email, a dependant's) is never handed to a transport:
 * this is the one place every email passes, so a receipt of an order paid after its buyer was erased,
 * or a confirmation of a walk-in who gave no email, goes nowhere.
 */
export async function deliverEmail(email: OutgoingEmail, transport: EmailTransport): Promise<DeliveryNote> {
  const note = { toDomain: email.to.split("@")[1] ?? "", subject: email.subject };
  if (!isRealEmail(email.to)) return note;
  switch (transport.kind) {
    case "outbox":
      await writeToOutbox(email, transport.dir);
      break;
    case "resend":
      await sendThroughResend(email, transport);
      break;
    case "log":
      break;
  }
  return note;
}

/** The file name is the message id, which callers make of safe characters only. */
export function outboxFileName(id: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(id)) throw new TypeError("an email id is letters, digits, '.', '_' and '-' only");
  return `${id}.json`;
}

async function writeToOutbox(email: OutgoingEmail, dir: string): Promise<void> {
  const { id, ...message } = email;
  const text = JSON.stringify({ ...message, id, createdAt: new Date().toISOString() }, null, 2);
  await writeCreatingDirectory(path.join(dir, outboxFileName(id)), text);
}

async function sendThroughResend(email: OutgoingEmail, transport: { apiKey: string; from: string }): Promise<void> {
  const { Resend } = await import("resend");
  const resend = new Resend(transport.apiKey);
  const { error } = await resend.emails.send(
    {
      from: transport.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments?.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content, a.encoding ?? "utf8"),
        contentType: a.contentType,
      })),
    },
    { idempotencyKey: email.id },
  );
  if (error) throw new Error(`Resend refused the message: ${error.name}`);
}

// The callback API: fs/promises wraps each file in a FileHandle, which cost more CPU than the write.
const writeText = promisify(writeFile);
const makeDirectory = promisify(mkdir);
const renameFile = promisify(rename);

/**
 * Writes `file` whole or not at all (a reader polling the outbox never sees half an email: written
 * beside it, then renamed), creating its directory only when it is missing (not one mkdir per email).
 */
async function writeCreatingDirectory(file: string, text: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await writeText(partial, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await makeDirectory(path.dirname(file), { recursive: true });
    await writeText(partial, text);
  }
  await renameFile(partial, file);
}
