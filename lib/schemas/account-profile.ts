import type { Account } from "@prisma/client";
import { ruleIssue } from "@/lib/error-details";
import { Email, text } from "./common";
import { z } from "./zod";

const ACCENT_COLOR = /^#[0-9a-fA-F]{6}$/;

/** True for an accent colour we may paint with: exactly `#rrggbb` (checked again where it is drawn). */
export function isAccentColor(value: unknown): value is string {
  return typeof value === "string" && ACCENT_COLOR.test(value);
}

/** A URL of one of the schemes, parsed by the platform's own parser (no credentials in it). */
function urlWithScheme(value: string, schemes: readonly string[]): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return schemes.includes(url.protocol) && url.hostname !== "" && url.username === "" && url.password === "";
}

/** True for a logo we may load: an https:// URL (checked again where it is drawn). */
export function isLogoUrl(value: unknown): value is string {
  return typeof value === "string" && urlWithScheme(value, ["https:"]);
}

/** One profile field in a PATCH: a value sets it, null clears it, absent leaves it. */
const profileUrl = (schemes: readonly string[], code: "logo_url_https" | "website_url", example: string) =>
  text()
    .trim()
    .max(2000)
    .refine((value) => urlWithScheme(value, schemes), ruleIssue(code))
    .nullable()
    .openapi({ example, format: "uri" });

export const ProfileInput = z
  .strictObject({
    description: text()
      .trim()
      .max(2000)
      // Blank means no description.
      .transform((value) => (value === "" ? null : value))
      .nullable()
      .openapi({
        example: "Et lille yogastudie på Nørrebro med hold for alle niveauer.",
        description: "Plain text (no markup), up to 2000 characters; blank or null clears it",
      }),
    accentColor: z
      .string()
      .trim()
      .refine((value) => ACCENT_COLOR.test(value), ruleIssue("accent_color"))
      // One spelling stored: lower case.
      .transform((value) => value.toLowerCase())
      .nullable()
      .openapi({ example: "#0f766e", description: "`#rrggbb`", pattern: ACCENT_COLOR.source }),
    logoUrl: profileUrl(["https:"], "logo_url_https", "https://example.com/logo.png").openapi({
      description: "An https:// image URL",
    }),
    contactEmail: Email.nullable(),
    website: profileUrl(["https:", "http:"], "website_url", "https://example.com").openapi({
      description: "An http:// or https:// URL",
    }),
  })
  .partial()
  .openapi("AccountProfileUpdate", {
    description: "Partial: a field sent sets it, null clears it, an absent field stays as it is.",
  });

export type ProfileInput = z.infer<typeof ProfileInput>;

export const ProfileSchema = z
  .object({
    description: z.string().nullable().openapi({ example: "Et lille yogastudie på Nørrebro." }),
    accentColor: z.string().nullable().openapi({ example: "#0f766e", description: "`#rrggbb`" }),
    logoUrl: z.string().nullable().openapi({ example: "https://example.com/logo.png", format: "uri" }),
    contactEmail: z.string().nullable().openapi({ example: "hej@example.com", format: "email" }),
    website: z.string().nullable().openapi({ example: "https://example.com", format: "uri" }),
  })
  .openapi("AccountProfile", { description: "The studio's public profile; null where unset." });

export type ProfileDto = z.infer<typeof ProfileSchema>;

type ProfileColumns = Pick<Account, "description" | "accentColor" | "logoUrl" | "contactEmail" | "website">;

export function serializeProfile(account: ProfileColumns): ProfileDto {
  return {
    description: account.description,
    // Never paint with a stored value that is not #rrggbb.
    accentColor: isAccentColor(account.accentColor) ? account.accentColor : null,
    logoUrl: account.logoUrl,
    contactEmail: account.contactEmail,
    website: account.website,
  };
}
