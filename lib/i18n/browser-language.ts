import Negotiator from "negotiator";
import type { Locale } from "./locales";

// The languages we speak (locales.ts LOCALES), English first: a browser that accepts anything (`*`)
// gets the default language.
const OFFERED: readonly Locale[] = ["en", "da"];

/**
 * The language we speak that a browser's `Accept-Language` header prefers, by its q-values (`da-DK`
 * and `da` are Danish; `q=0` refuses one), or undefined when it accepts none of ours or says nothing
 * readable. Negotiator (the header parser of Express) reads the header.
 */
export function browserLanguage(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const best = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language(OFFERED);
  return OFFERED.find((locale) => locale === best);
}
