import "server-only";
import { mkdir, writeFile } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export type EmailAttachment = { filename: string; content: string; contentType: string };
export type EmailMessage = { to: string; subject: string; text: string; html: string; attachments?: EmailAttachment[] };

/**
 * The one way to send an email. Transports (EMAIL_TRANSPORT): `outbox` writes one JSON file per
 * message to EMAIL_OUTBOX_DIR, `resend` sends through Resend, `log` logs that a message was sent
 * (recipient domain and subject only: the body may hold a sign-in link).
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const config = env();
  switch (config.EMAIL_TRANSPORT) {
    case "outbox": {
      const createdAt = new Date().toISOString();
      const file = path.join(config.EMAIL_OUTBOX_DIR, `${createdAt.replace(/[:.]/g, "-")}-${randomUUID()}.json`);
      await writeCreatingDirectory(file, JSON.stringify({ ...message, createdAt }, null, 2));
      return;
    }
    case "resend": {
      const { Resend } = await import("resend");
      const resend = new Resend(config.RESEND_API_KEY);
      const { error } = await resend.emails.send({
        from: config.EMAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
      });
      if (error) throw new Error(`Resend refused the message: ${error.name}`);
      return;
    }
    case "log":
      log.info("email sent", { toDomain: message.to.split("@")[1], subject: message.subject });
      return;
  }
}

// The callback API: fs/promises wraps each file in a FileHandle, which cost more CPU than the write.
const writeText = promisify(writeFile);
const makeDirectory = promisify(mkdir);

/** Writes `file`, creating its directory only when it is missing (not one mkdir per email). */
async function writeCreatingDirectory(file: string, text: string): Promise<void> {
  try {
    await writeText(file, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await makeDirectory(path.dirname(file), { recursive: true });
    await writeText(file, text);
  }
}
