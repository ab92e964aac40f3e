import { LEGAL_MESSAGES } from "@/lib/schemas/account-legal";
import { PROFILE_MESSAGES } from "@/lib/schemas/account-profile";
import { translatorFor } from "@/lib/i18n/translator";
import { WEBHOOK_URL_MESSAGES } from "@/lib/webhooks/webhook-url";
import type { Locale } from "@/lib/i18n/locales";

/** The plain words for zod's default messages, in the reader's language. */
export type FormErrorWords = {
  required: string;
  atLeastCharacters: (count: number) => string;
  atMostCharacters: (count: number) => string;
  atLeast: (min: number) => string;
  atMost: (max: number) => string;
  addOne: string;
  wholeNumber: string;
  email: string;
  chooseOption: string;
  date: string;
  accentColor: string;
  httpsAddress: string;
  webAddress: string;
  noCredentials: string;
  publicAddress: string;
  pauseEndsAfterStart: string;
  pauseAtMostDays: (days: number) => string;
  pauseOverlaps: (from: string, until: string) => string;
  pauseNotEnded: (from: string, until: string) => string;
  pauseAfterEnd: string;
  vatRate: string;
};

/** The words of the FormErrors catalogue in `locale`: what a form shows for zod's defaults. */
export function formErrorWords(locale: Locale): FormErrorWords {
  const t = translatorFor(locale, "FormErrors");
  return {
    required: t("required"),
    // Numbers as written in the schema (10080, not 10,080).
    atLeastCharacters: (count) => t("atLeastCharacters", { count: String(count) }),
    atMostCharacters: (count) => t("atMostCharacters", { count: String(count) }),
    atLeast: (min) => t("atLeast", { min: String(min) }),
    atMost: (max) => t("atMost", { max: String(max) }),
    addOne: t("addOne"),
    wholeNumber: t("wholeNumber"),
    email: t("email"),
    chooseOption: t("chooseOption"),
    date: t("date"),
    accentColor: t("accentColor"),
    httpsAddress: t("httpsAddress"),
    webAddress: t("webAddress"),
    noCredentials: t("noCredentials"),
    publicAddress: t("publicAddress"),
    pauseEndsAfterStart: t("pauseEndsAfterStart"),
    pauseAtMostDays: (days) => t("pauseAtMostDays", { days: String(days) }),
    pauseOverlaps: (from, until) => t("pauseOverlaps", { from, until }),
    pauseNotEnded: (from, until) => t("pauseNotEnded", { from, until }),
    pauseAfterEnd: t("pauseAfterEnd"),
    vatRate: t("vatRate"),
  };
}

const exactly = (message: string) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);

/**
 * zod's default messages ("Too small: expected string to have >=1 characters") are written for
 * developers; a form shows them in plain words. Messages the schemas write themselves pass through.
 */
export function friendlyMessage(message: string, words: FormErrorWords = formErrorWords("en")): string {
  const rules: [RegExp, (match: RegExpExecArray) => string][] = [
    [/^Too small: expected string to have >=1 characters?$/, () => words.required],
    [/^Too small: expected string to have >=(\d+) characters$/, (m) => words.atLeastCharacters(Number(m[1]))],
    [/^Too big: expected string to have <=(\d+) characters$/, (m) => words.atMostCharacters(Number(m[1]))],
    [/^Too small: expected number to be >=(-?\d+)$/, (m) => words.atLeast(Number(m[1]))],
    [/^Too big: expected number to be <=(-?\d+)$/, (m) => words.atMost(Number(m[1]))],
    [/^Too small: expected array to have >=1 items?$/, () => words.addOne],
    [/^Invalid input: expected (number|int), received (string|number|NaN)$/, () => words.wholeNumber],
    [/^Invalid input: expected string, received undefined$/, () => words.required],
    [/^Invalid input: expected number, received undefined$/, () => words.required],
    [/^Invalid email address$/, () => words.email],
    [/^Invalid option: expected one of .*$/, () => words.chooseOption],
    [/^Invalid ISO datetime$/, () => words.date],
    [exactly(PROFILE_MESSAGES.accentColor), () => words.accentColor],
    [exactly(PROFILE_MESSAGES.logoUrl), () => words.httpsAddress],
    [exactly(PROFILE_MESSAGES.website), () => words.webAddress],
    // a webhook's URL (WebhookUrl and webhook-url.ts)
    [/^Invalid URL$/, () => words.httpsAddress],
    [exactly(WEBHOOK_URL_MESSAGES.https), () => words.httpsAddress],
    [exactly(WEBHOOK_URL_MESSAGES.credentials), () => words.noCredentials],
    [exactly(WEBHOOK_URL_MESSAGES.publicAddress), () => words.publicAddress],
    // pause-entitlement.ts and PauseEntitlementInput
    [/^Must be after from$/, () => words.pauseEndsAfterStart],
    [/^A pause lasts at most (\d+) days$/, (m) => words.pauseAtMostDays(Number(m[1]))],
    [/^Overlaps the pause from (\S+) until (\S+)$/, (m) => words.pauseOverlaps(m[1]!, m[2]!)],
    [/^One pause at a time: the pause from (\S+) until (\S+) has not ended$/, (m) => words.pauseNotEnded(m[1]!, m[2]!)],
    [/^The entitlement ends before the pause starts$/, () => words.pauseAfterEnd],
    [exactly(LEGAL_MESSAGES.vatRate), () => words.vatRate],
  ];
  for (const [pattern, render] of rules) {
    const match = pattern.exec(message);
    if (match) return render(match);
  }
  return message;
}
