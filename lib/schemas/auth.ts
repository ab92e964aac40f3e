import { AccountSchema } from "./account";
import { Email, Id, text } from "./common";
import { SessionSchema } from "./session";
import { MembershipSchema, UserSchema } from "./user";
import { DisplayName } from "./user-input";
import { z } from "./zod";

const ExpiresAt = z.iso
  .datetime()
  .openapi({ example: "2026-11-21T09:15:00.000Z", description: "15 minutes after issue" });

export const AccountName = text().trim().min(1).max(200).openapi({ example: "Studio Nørrebro" });

export const SignUpInput = z
  .strictObject({ accountName: AccountName, email: Email, displayName: DisplayName })
  .openapi("SignUpInput");

export const SignUpResponseSchema = z
  .object({
    account: AccountSchema,
    user: UserSchema,
    magicLink: z
      .object({
        expiresAt: ExpiresAt,
        token: z.string().optional().openapi({
          description: "Only in demo mode (DEMO_MODE=true): the link's token, for POST /auth/magic-links/consume",
        }),
      })
      .openapi("SignUpMagicLink"),
  })
  .openapi("SignUpResponse");

export const MagicLinkRequestInput = z.strictObject({ email: Email, accountId: Id }).openapi("MagicLinkRequestInput");

export const MagicLinkRequestedSchema = z.object({ expiresAt: ExpiresAt }).openapi("MagicLinkRequested");

export const ConsumeMagicLinkInput = z
  .strictObject({
    token: text().min(1).max(200).openapi({ description: "The `token` of the emailed link", example: "q1vZ…" }),
  })
  .openapi("ConsumeMagicLinkInput");

export const ConsumeMagicLinkResponseSchema = z
  .object({ session: SessionSchema, user: UserSchema, membership: MembershipSchema })
  .openapi("SignedIn");

export const SwitchAccountInput = z.strictObject({ accountId: Id }).openapi("SwitchAccountInput");

export const AttendeeRegistrationInput = z
  .strictObject({ email: Email, displayName: DisplayName })
  .openapi("AttendeeRegistrationInput");

export const AttendeeRegistrationResponseSchema = z
  .object({ account: AccountSchema, user: UserSchema })
  .openapi("AttendeeRegistration");

export const AccountIdParams = z.object({ accountId: Id });
