import { newSecretToken } from "@/lib/auth/tokens";

/** Every API key's secret starts with this, so that secret scanners and people recognise one. */
export const API_KEY_SECRET_PREFIX = "sbk_";

/** How much of a secret lists show (`sbk_` and 8 more characters): enough to tell keys apart. */
export const SHOWN_PREFIX_LENGTH = 12;

/** A new secret: `sbk_` and 32 random bytes in base64url. Shown once, stored only as its sha256. */
export function newApiKeySecret(): string {
  return `${API_KEY_SECRET_PREFIX}${newSecretToken()}`;
}

/**
 * Whether a presented token has an API key's shape. Only a hint of which path to take: what the
 * token is, is decided by the row its hash finds (studio_session).
 */
export function looksLikeApiKeySecret(token: string): boolean {
  return token.startsWith(API_KEY_SECRET_PREFIX);
}
