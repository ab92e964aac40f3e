import { IANAZone } from "luxon";
import { BookingPolicySchema, ReminderHours } from "./account";
import { LegalDetailsInput } from "./account-legal";
import { ProfileInput } from "./account-profile";
import { text } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

/**
 * An IANA timezone name (decisions §3). Stored with the canonical spelling when the input differs
 * only in letter case ("europe/copenhagen" → "Europe/Copenhagen"); aliases are kept as given. An
 * offset ("+01:00") is no zone: it knows no daylight saving. Newer Intl (Node 24) accepts offsets as
 * time zones, so they are refused here by their form.
 */
export const Timezone = z
  .string()
  .trim()
  .max(100)
  .refine((value) => !/^[+-]/.test(value) && IANAZone.isValidZone(value), ruleIssue("timezone_unknown"))
  .transform((value) => {
    const resolved = new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  })
  .openapi({ example: "Europe/Copenhagen", description: "IANA timezone name" });

/** A BCP 47 locale tag, stored in its canonical form ("DA-dk" → "da-DK"). */
export const LocaleTag = z
  .string()
  .trim()
  .max(100)
  .transform((value, context) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(value);
      if (canonical) return canonical;
    } catch {
      /* reported below */
    }
    context.addIssue({ code: "custom", ...ruleIssue("locale_malformed") });
    return z.NEVER;
  })
  .openapi({ example: "da-DK", description: "BCP 47 locale tag" });

export const UpdateAccountInput = z
  .strictObject({
    name: text().trim().min(1).max(200).openapi({ example: "Demo Studio" }),
    timezone: Timezone,
    locale: LocaleTag,
    bookingPolicy: z.strictObject(BookingPolicySchema.shape).partial().openapi("BookingPolicyUpdate"),
    profile: ProfileInput,
    reminderHours: ReminderHours,
    legal: LegalDetailsInput,
  })
  .partial()
  .openapi("UpdateAccountInput");

export type UpdateAccountInput = z.infer<typeof UpdateAccountInput>;
