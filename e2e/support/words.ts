// The pages' words in a journey's language, read from the app's own catalogues: a journey asserts
// what a Danish or an English visitor reads without a second copy of the texts.
import fs from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import type { Messages } from "@/lib/i18n/messages";

export type Language = "da" | "en";
export const LANGUAGES: Language[] = ["da", "en"];

const CATALOGUES = path.resolve(import.meta.dirname, "../../lib/i18n/messages");

/** A language's catalogue: its area files joined, as lib/i18n/messages.ts joins them (read as files:
 * the spec runner's ESM loader does not import JSON without an import attribute). */
function messagesOf(language: Language): Messages {
  const directory = path.join(CATALOGUES, language);
  const areas = fs.readdirSync(directory).filter((file) => file.endsWith(".json"));
  return Object.assign({}, ...areas.map((file) => JSON.parse(fs.readFileSync(path.join(directory, file), "utf8"))));
}

/** A translator of one catalogue namespace, e.g. `wordsOf("da", "Schedule")("title")` → "Holdplan". */
export function wordsOf<Namespace extends keyof Messages>(language: Language, namespace: Namespace) {
  return createTranslator({ locale: language, messages: messagesOf(language), namespace });
}

/** A string as a RegExp source that matches it literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
