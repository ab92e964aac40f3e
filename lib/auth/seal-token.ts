import { sealText, unsealText } from "@/lib/crypto/sealed-text";

// A magic link's token waits in the database until its email is sent (lib/auth/sign-in-email-jobs.ts).
// It is a credential, so it waits sealed under a key of AUTH_SECRET, which the database never holds;
// the row keeps the token's hash for signing in, as every link does.

const keySetting = (secret: string) => `magic-link-email:${secret}`;

export const sealToken = (token: string, secret: string): string => sealText(token, keySetting(secret));

/** The token; throws when it was sealed under another secret or altered. */
export const unsealToken = (sealed: string, secret: string): string => unsealText(sealed, keySetting(secret));
