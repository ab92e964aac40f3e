// The pages' words in a journey's language, read from the app's own catalogues: a journey asserts
// what a Danish or an English visitor reads without a second copy of the texts.
import { createTranslator } from "next-intl";
import { messagesOf, type Messages } from "@/lib/i18n/messages";

export type Language = "da" | "en";
export const LANGUAGES: Language[] = ["da", "en"];

/** A translator of one catalogue namespace, e.g. `wordsOf("da", "Schedule")("title")` → "Holdplan". */
export function wordsOf<Namespace extends keyof Messages>(language: Language, namespace: Namespace) {
  return createTranslator({ locale: language, messages: messagesOf(language), namespace });
}

/** A string as a RegExp source that matches it literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
