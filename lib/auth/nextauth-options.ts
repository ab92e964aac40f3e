import "server-only";
import type { AuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { magicLinkRequestLimits } from "@/lib/rate-limit/rules";
import { createMagicLink, MAGIC_LINK_LIFETIME_MS } from "./create-magic-link";
import { findAccountUser } from "./find-account-user";
import { nextAuthAdapter } from "./nextauth-adapter";
import { decodeIdentifier, encodeIdentifier } from "./nextauth-identifier";
import { newSecretToken } from "./tokens";
import { safeReturnTo } from "@/lib/web/return-to";

export type NextAuthRequestContext = {
  /** `accountId` of the sign-in form (NextAuth passes only the email to normalizeIdentifier). */
  accountId: unknown;
  clientIp: string;
  /** The language of the page the link is asked for on (the form's `locale`), or the switcher's cookie. */
  askedOn?: string;
  /** The form's `returnTo`: where the emailed link leads once signed in, if it is a path of this site. */
  returnTo?: unknown;
};

/** Where NextAuth sends the browser after a sign-in request, sent or not (no enumeration). */
export function checkEmailUrl(): string {
  return `${env().APP_URL}/api/auth/verify-request?provider=email&type=email`;
}

/**
 * NextAuth options for one request ("advanced initialization"): the web sign-in form posts email and
 * accountId to /api/auth/signin/email, NextAuth checks its CSRF token, and the email provider issues
 * our magic link for that account. Web sessions are not NextAuth's: consuming the link on
 * /sign-in/verify creates our own session and `session` cookie.
 */
export function nextAuthOptions(context: NextAuthRequestContext): AuthOptions {
  return {
    secret: env().AUTH_SECRET,
    adapter: nextAuthAdapter(),
    // NextAuth never creates a session of its own here (see signIn below); "jwt" needs no session tables.
    session: { strategy: "jwt" },
    providers: [
      EmailProvider({
        maxAge: MAGIC_LINK_LIFETIME_MS / 1000,
        // NextAuth's own hash of the token goes to the adapter, which stores nothing; the link is
        // stored below with lib/auth/tokens.ts's hash. An empty secret keeps the two equal anyway.
        secret: "",
        generateVerificationToken: () => newSecretToken(),
        normalizeIdentifier: (email) => encodeIdentifier(context.accountId, email),
        async sendVerificationRequest({ identifier, token, expires }) {
          const identity = decodeIdentifier(identifier);
          const found = identity && (await findAccountUser(identity));
          if (!found) return;
          await createMagicLink({
            userId: found.user.id,
            accountId: found.account.id,
            token,
            expiresAt: expires,
            email: { askedOn: context.askedOn, returnTo: safeReturnTo(context.returnTo) },
          });
        },
      }),
    ],
    callbacks: {
      async signIn({ account, email }) {
        // Only link requests pass; NextAuth's own callback route never signs anyone in.
        if (!email?.verificationRequest || !account) return false;
        const identity = decodeIdentifier(account.providerAccountId);
        if (!identity) return false;
        try {
          await enforceRateLimits(magicLinkRequestLimits({ ...identity, clientIp: context.clientIp }));
        } catch (error) {
          if (error instanceof AppError && error.code === "too_many_requests")
            return `${env().APP_URL}/sign-in?error=RateLimited`;
          throw error;
        }
        // A stranger to the account gets the same answer as a user, and no link.
        return (await findAccountUser(identity)) ? true : checkEmailUrl();
      },
    },
    pages: { signIn: "/sign-in", verifyRequest: "/sign-in?sent=1", error: "/sign-in" },
    logger: {
      // Codes only: NextAuth's metadata can hold emails, URLs and tokens.
      error: (code) => log.error("nextauth error", { code }),
      warn: (code) => log.warn("nextauth warning", { code }),
      debug: () => {},
    },
  };
}
