import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { readOutbox } from "@/tests/helpers/outbox";
import { sendEmail } from "./send-email";

const message = (to: string) => ({ to, subject: "Hello", text: "Hello there", html: "<p>Hello there</p>" });

describe("sendEmail, outbox transport", () => {
  it("writes each email as a file, and creates the outbox folder when it is missing", async () => {
    fs.rmSync(env().EMAIL_OUTBOX_DIR, { recursive: true, force: true });
    await sendEmail(message("first@example.test"));
    await sendEmail(message("second@example.test"));
    const written = readOutbox().filter((email) => email.to.endsWith("@example.test"));
    // two emails of one millisecond are ordered by their random suffix: compare as a set
    expect(written.map((email) => [email.to, email.subject, email.text]).sort()).toEqual([
      ["first@example.test", "Hello", "Hello there"],
      ["second@example.test", "Hello", "Hello there"],
    ]);
  });
});
