import "server-only";
import { env } from "@/lib/env";
import type { RateLimitRule } from "./hit-rate-limit";

// The limits of decisions §2, per window (RATE_LIMIT_WINDOW_SECONDS, 15 minutes by default).
// Subjects that hold an email are hashed before they are stored (see rateLimitKey).

export function magicLinkRequestLimits(input: { email: string; accountId: string; clientIp: string }): RateLimitRule[] {
  const config = env();
  return [
    { name: "magic-link:ip", subject: input.clientIp, limit: config.RATE_LIMIT_MAGIC_LINK_PER_IP },
    {
      name: "magic-link:email",
      subject: `${input.accountId} ${input.email}`,
      limit: config.RATE_LIMIT_MAGIC_LINK_PER_EMAIL,
    },
  ];
}

export function signUpLimits(input: { clientIp: string }): RateLimitRule[] {
  return [{ name: "signup:ip", subject: input.clientIp, limit: env().RATE_LIMIT_SIGNUP_PER_IP }];
}

export function attendeeRegistrationLimits(input: {
  email: string;
  accountId: string;
  clientIp: string;
}): RateLimitRule[] {
  const config = env();
  return [
    { name: "registration:ip", subject: input.clientIp, limit: config.RATE_LIMIT_REGISTRATION_PER_IP },
    {
      name: "registration:email",
      subject: `${input.accountId} ${input.email}`,
      limit: config.RATE_LIMIT_REGISTRATION_PER_EMAIL,
    },
  ];
}

/** Withdrawals asked without a session (POST /withdrawals with a receipt number), per client IP: sign-in's limit. */
export function withdrawalLimits(input: { clientIp: string }): RateLimitRule[] {
  return [{ name: "withdrawal:ip", subject: input.clientIp, limit: env().RATE_LIMIT_MAGIC_LINK_PER_IP }];
}

/**
 * Wrong gift card codes per client IP (checkout, its quote and GET /gift-cards/lookup together): only a
 * code that finds no card counts, and once the limit is reached every code is refused until the window ends.
 */
export function giftCardGuessLimits(input: { clientIp: string }): RateLimitRule[] {
  return [{ name: "gift-card-guess:ip", subject: input.clientIp, limit: env().RATE_LIMIT_GIFT_CARD_GUESSES_PER_IP }];
}

/** Requests per API key per minute (decision 0021), whatever the route. */
export function apiKeyLimits(input: { apiKeyId: string }): RateLimitRule[] {
  return [{ name: "api-key", subject: input.apiKeyId, limit: env().API_KEY_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 }];
}
