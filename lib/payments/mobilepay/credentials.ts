import { sealText, unsealText } from "@/lib/crypto/sealed-text";

// The studio's Vipps MobilePay API keys are credentials: sealed under a key of WEBHOOK_SECRET_KEY
// (which the database never holds), as webhook signing secrets are; never answered or logged.

export type MobilepayCredentials = { clientId: string; clientSecret: string; subscriptionKey: string };

const keySetting = (setting: string) => `mobilepay-credentials:${setting}`;

export const sealMobilepayCredentials = (credentials: MobilepayCredentials, setting: string): string =>
  sealText(JSON.stringify(credentials), keySetting(setting));

/** The clear keys; throws when they were sealed under another key or altered. */
export const unsealMobilepayCredentials = (sealed: string, setting: string): MobilepayCredentials =>
  JSON.parse(unsealText(sealed, keySetting(setting))) as MobilepayCredentials;

const webhookKeySetting = (setting: string) => `mobilepay-webhook:${setting}`;

/** The signing secret of the studio's webhook at Vipps MobilePay (Webhooks API), as stored. */
export const sealMobilepayWebhookSecret = (secret: string, setting: string): string =>
  sealText(secret, webhookKeySetting(setting));

/** The clear signing secret; throws when it was sealed under another key or altered. */
export const unsealMobilepayWebhookSecret = (sealed: string, setting: string): string =>
  unsealText(sealed, webhookKeySetting(setting));
