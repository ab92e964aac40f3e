// Reads the emails the outbox transport wrote (EMAIL_TRANSPORT=outbox in tests), the way a person
// reads their inbox. Sign-in emails are sent after the answer, so readers wait a little for them.
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

export type OutboxEmail = {
  id: string;
  to: string;
  /** The language the email is written in (`da`, `en`). */
  locale: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** Text files as they are (.ics), binary ones in base64 with `encoding: "base64"` (receipt PDFs). */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
  file: string;
};

export function readOutbox(): OutboxEmail[] {
  const dir = env().EMAIL_OUTBOX_DIR;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => {
      try {
        return [{ ...(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as Omit<OutboxEmail, "file">), file: name }];
      } catch {
        return []; // still being written
      }
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.file.localeCompare(b.file));
}

/** Waits until `count` emails to `to` are in the outbox (default 1) and returns them, oldest first. */
export async function waitForEmails(to: string, count = 1, timeoutMs = 15_000): Promise<OutboxEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox().filter((email) => email.to === to);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s) to ${to}, found ${found.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until an email to `to` whose subject matches `subject` is in the outbox; returns every such email. */
export async function waitForEmailsAbout(to: string, subject: RegExp, timeoutMs = 15_000): Promise<OutboxEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox().filter((email) => email.to === to && subject.test(email.subject));
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`expected an email to ${to} about ${subject}, found none`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The token of the sign-in link in an email's plain-text part. */
export function tokenFromEmail(email: OutboxEmail): string {
  const match = /\/sign-in\/verify\?token=([A-Za-z0-9_-]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no sign-in link in the text of "${email.subject}"`);
  return match[1];
}

/** The latest sign-in token emailed to `to` (waits for the `count`-th email). */
export async function emailedToken(to: string, count = 1): Promise<string> {
  const emails = await waitForEmails(to, count);
  return tokenFromEmail(emails[emails.length - 1]!);
}

/** Every sign-in token emailed to `to` so far (waits until there are at least `count`). */
export async function emailedTokens(to: string, count = 1): Promise<string[]> {
  return (await waitForEmails(to, count)).map(tokenFromEmail);
}
