import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_OUTBOX_DIR } from "./server";

/** One email as the outbox transport wrote it; `locale` is the language it is written in (`da`, `en`). */
export type OutboxEmail = { to: string; locale: string; subject: string; text: string; html: string; createdAt: string };

/** Every email the server has written to its outbox (one JSON file each), oldest first. */
export async function readOutbox(): Promise<OutboxEmail[]> {
  let files: string[];
  try {
    files = await fs.readdir(E2E_OUTBOX_DIR);
  } catch {
    return [];
  }
  const emails = await Promise.all(
    files
      .filter((file) => file.endsWith(".json"))
      .map(async (file) => JSON.parse(await fs.readFile(path.join(E2E_OUTBOX_DIR, file), "utf8")) as OutboxEmail),
  );
  return emails.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Waits for an email to `to` (sent after `since`) whose subject matches; emails are sent after the response. */
export async function waitForEmail(options: { to: string; subject?: RegExp; since?: Date }): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const emails = await readOutbox();
        found = emails.findLast(
          (email) =>
            email.to === options.to &&
            (!options.subject || options.subject.test(email.subject)) &&
            (!options.since || email.createdAt >= options.since.toISOString()),
        );
        return found !== undefined;
      },
      { message: `an email to ${options.to}${options.subject ? ` matching ${options.subject}` : ""}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The sign-in link of a magic-link email, as a path on the e2e server. */
export function signInPath(email: OutboxEmail): string {
  const match = /https?:\/\/[^\s"<>]+\/sign-in\/verify\?token=[^\s"<>]+/.exec(email.text);
  if (!match) throw new Error(`no sign-in link in the email "${email.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
}
