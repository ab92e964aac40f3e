import Negotiator from "negotiator";

// The languages we speak (locales.ts LOCALES), English first: a browser that accepts anything (`*`)
// gets the default language. Spelled here, not imported: locales.ts imports this file, and its
// emailLocale returns what this one finds as a Locale, so a language not in LOCALES does not compile.
const OFFERED = ["en", "da"] as const;
type Offered = (typeof OFFERED)[number];

/**
 * The language we speak that a browser's `Accept-Language` header prefers, by its q-values (`da-DK`
 * and `da` are Danish; `q=0` refuses one), or undefined when it accepts none of ours or says nothing
 * readable. Negotiator (the header parser of Express) reads the header.
 */
export function browserLanguage(acceptLanguage: string | null | undefined): Offered | undefined {
  if (!acceptLanguage) return undefined;
  const best = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...OFFERED]);
  return OFFERED.find((locale) => locale === best);
}
