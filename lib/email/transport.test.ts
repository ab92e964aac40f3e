import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { readOutbox } from "@/tests/helpers/outbox";
import { dependantEmail, erasedEmail, noEmailAddress } from "@/lib/users/stand-in-addresses";
import { deliverEmail } from "./transport";

const message = (id: string, to: string, text = "Hello there") => ({
  id,
  to,
  locale: "en" as const,
  subject: "Hello",
  text,
  html: `<p>${text}</p>`,
});

describe("deliverEmail, outbox transport", () => {
  const transport = () => ({ kind: "outbox" as const, dir: env().EMAIL_OUTBOX_DIR });

  it("writes each email as a file named by its id, and creates the outbox folder when it is missing", async () => {
    fs.rmSync(env().EMAIL_OUTBOX_DIR, { recursive: true, force: true });
    await deliverEmail(message("first-1", "first@example.test"), transport());
    await deliverEmail(message("second-1", "second@example.test"), transport());
    const written = readOutbox().filter((email) => email.to.endsWith("@example.test"));
    expect(written.map((email) => [email.file, email.to, email.text]).sort()).toEqual([
      ["first-1.json", "first@example.test", "Hello there"],
      ["second-1.json", "second@example.test", "Hello there"],
    ]);
  });

  it("records the language the message is written in", async () => {
    await deliverEmail({ ...message("danish-1", "danish@example.test", "Hej"), locale: "da" }, transport());
    const [written] = readOutbox().filter((email) => email.to === "danish@example.test");
    expect(written).toMatchObject({ id: "danish-1", locale: "da", subject: "Hello", text: "Hej" });
  });

  it("writes a repeat of the same message over its first copy", async () => {
    await deliverEmail(message("repeat-1", "repeat@example.test", "first try"), transport());
    await deliverEmail(message("repeat-1", "repeat@example.test", "second try"), transport());
    expect(
      readOutbox()
        .filter((email) => email.to === "repeat@example.test")
        .map((email) => email.text),
    ).toEqual(["second try"]);
  });

  it("sends nothing to a person added without an email", async () => {
    const nobody = noEmailAddress();
    expect(await deliverEmail(message("no-email-1", nobody), transport())).toEqual({
      toDomain: "no-email.invalid",
      subject: "Hello",
    });
    expect(readOutbox().filter((email) => email.to === nobody)).toEqual([]);
  });

  it("sends nothing to any stand-in address: a dependant's, an erased person's, anything under .invalid", async () => {
    const standIns = [dependantEmail(crypto.randomUUID()), erasedEmail(crypto.randomUUID()), "Someone@Example.INVALID"];
    for (const [i, to] of standIns.entries()) await deliverEmail(message(`stand-in-${i}`, to), transport());
    expect(readOutbox().filter((email) => standIns.includes(email.to))).toEqual([]);
  });

  it("refuses an id that is not a plain file name", async () => {
    await expect(deliverEmail(message("../escape", "x@example.test"), transport())).rejects.toThrow(TypeError);
  });
});

describe("deliverEmail, resend transport", () => {
  it("never hands a stand-in address to Resend (a made-up key: a call would be refused)", async () => {
    const resend = { kind: "resend" as const, apiKey: "re_not_a_key", from: "studio@example.test" };
    await expect(deliverEmail(message("resend-no-email-1", noEmailAddress()), resend)).resolves.toMatchObject({
      toDomain: "no-email.invalid",
    });
  });
});

describe("deliverEmail, log transport", () => {
  it("answers what may be logged: the recipient's domain and the subject", async () => {
    expect(await deliverEmail(message("log-1", "someone@example.test"), { kind: "log" })).toEqual({
      toDomain: "example.test",
      subject: "Hello",
    });
  });
});
