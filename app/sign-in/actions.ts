"use server";

import { headers } from "next/headers";
import { registerAttendee } from "@/lib/auth/register-attendee";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-address";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { pageLanguage } from "@/lib/i18n/page-language";
import { translatorFor } from "@/lib/i18n/translator";
import { Email, Id } from "@/lib/schemas/common";
import { DateOfBirth, DisplayName } from "@/lib/schemas/user-input";
import { z } from "@/lib/schemas/zod";
import { safeReturnTo } from "@/lib/web/return-to";

export type NewMemberField = "email" | "displayName" | "dateOfBirth";

export type NewMemberInput = {
  accountId: string;
  email: string;
  displayName: string;
  /** `YYYY-MM-DD`, or empty: it is optional. */
  dateOfBirth?: string;
  /** Where the emailed link leads once signed in; anything but a path of this site is dropped. */
  returnTo?: string | null;
  /** The language of the page: the answer's and the email's. */
  locale?: string;
};

export type NewMemberResult =
  { ok: true; email: string } | { ok: false; error: string; fieldErrors: Partial<Record<NewMemberField, string>> };

const Input = z.object({
  accountId: Id,
  email: Email,
  displayName: DisplayName,
  dateOfBirth: DateOfBirth.optional(),
});

/**
 * "New here?" on a studio's sign-in page: registers the person as an attendee with the function of
 * POST /accounts/{accountId}/attendees (its rate limits, and its answer for a known email: a new
 * link, nothing stored changed), and emails a sign-in link that returns to `returnTo`. The page says
 * the same whether the email was new or known (docs/decisions/0025-self-sign-up-on-the-studio-page.md).
 */
export async function registerNewMember(input: NewMemberInput): Promise<NewMemberResult> {
  const locale: Locale = isLocale(input?.locale) ? input.locale : await pageLanguage();
  const t = translatorFor(locale, "NewMember");
  const parsed = Input.safeParse({
    accountId: input?.accountId,
    email: input?.email,
    displayName: input?.displayName,
    dateOfBirth: input?.dateOfBirth ? input.dateOfBirth : undefined,
  });
  if (!parsed.success) {
    const words: Record<NewMemberField, string> = {
      email: t("invalidEmail"),
      displayName: t("invalidName"),
      dateOfBirth: t("invalidDateOfBirth"),
    };
    const fieldErrors: Partial<Record<NewMemberField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "email" || field === "displayName" || field === "dateOfBirth") fieldErrors[field] = words[field];
    }
    return { ok: false, error: t("correctFields"), fieldErrors };
  }
  try {
    await registerAttendee({
      ...parsed.data,
      clientIp: clientIp(await headers()),
      askedOn: locale,
      returnTo: safeReturnTo(input.returnTo),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "too_many_requests")
      return { ok: false, error: t("tooMany"), fieldErrors: {} };
    if (error instanceof AppError && error.code === "not_found")
      return { ok: false, error: t("studioClosed"), fieldErrors: {} };
    throw error;
  }
  return { ok: true, email: parsed.data.email };
}
