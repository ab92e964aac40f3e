import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "whsec_";
const FORMAT = "v1";

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

function keyOf(setting: string): Buffer {
  return createHash("sha256").update(setting, "utf8").digest();
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): AES-256-GCM under WEBHOOK_SECRET_KEY. */
export function encryptWebhookSecret(secret: string, setting: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(setting), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The clear secret; throws when the key is not the one that encrypted it (GCM's tag). */
export function decryptWebhookSecret(stored: string, setting: string): string {
  const [format, iv, tag, ciphertext] = stored.split(".");
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined) throw new Error("Not an encrypted webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(setting), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
