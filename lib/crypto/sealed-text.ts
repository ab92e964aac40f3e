import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// Text kept in the database that must not be readable there (webhook signing secrets, a sign-in
// email's token while it waits): AES-256-GCM under a key derived from a setting the database
// never holds.

const FORMAT = "v1";

function keyOf(setting: string): Buffer {
  return createHash("sha256").update(setting, "utf8").digest();
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): `text` sealed under the key of `setting`. */
export function sealText(text: string, setting: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(setting), iv);
  const ciphertext = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The clear text; throws when the key is not the one that sealed it (GCM's tag) or it was altered. */
export function unsealText(sealed: string, setting: string): string {
  const [format, iv, tag, ciphertext] = sealed.split(".");
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined) throw new Error("Not sealed text");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(setting), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
