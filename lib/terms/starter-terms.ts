import "server-only";
import type { Account } from "@prisma/client";
import { env } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

type StudioFacts = Pick<
  Account,
  "slug" | "name" | "legalName" | "legalAddress" | "vatNumber" | "contactEmail" | "cancellationWindowHours"
>;

/**
 * A starter draft of a studio's terms of sale, in Danish and English, for the studio to review and
 * publish: a sober template for class passes and memberships sold online, its withdrawal clause as
 * decision 0049 works it out, the studio's name, address, CVR number and email filled in from its
 * settings where known and a bracketed placeholder where not. Never in force until published.
 */
export function starterTerms(studio: StudioFacts): { da: string; en: string } {
  return { da: starterText(studio, "da"), en: starterText(studio, "en") };
}

function starterText(studio: StudioFacts, locale: Locale): string {
  const t = translatorFor(locale, "StarterTerms");
  const siteUrl = `${env().APP_URL}/${studio.slug}`;
  const facts = {
    studio: studio.legalName?.trim() || studio.name,
    address: oneLine(studio.legalAddress) || t("addressMissing"),
    cvr: studio.vatNumber?.trim() || t("cvrMissing"),
    email: studio.contactEmail?.trim() || t("emailMissing"),
    siteUrl,
    withdrawUrl: `${siteUrl}/${locale === "da" ? "fortryd" : "withdraw"}`,
    hours: studio.cancellationWindowHours,
  };
  return [
    t("seller", facts),
    t("purchase"),
    t("passes", facts),
    t("cancelMembership"),
    t("withdrawal", facts),
    t("cancellations"),
    t("personalData"),
    t("complaints", facts),
  ].join("\n\n");
}

/** An address as the receipts keep it (lines) on one line of a sentence. */
function oneLine(text: string | null): string {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
}
