import { randomBytes } from "node:crypto";
import { sealText, unsealText } from "@/lib/crypto/sealed-text";

const PREFIX = "whsec_";

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** The secret as stored: sealed under WEBHOOK_SECRET_KEY (lib/crypto/sealed-text.ts). */
export function encryptWebhookSecret(secret: string, setting: string): string {
  return sealText(secret, setting);
}

/** The clear secret; throws when the key is not the one that encrypted it (GCM's tag). */
export function decryptWebhookSecret(stored: string, setting: string): string {
  return unsealText(stored, setting);
}
