import { getTranslations } from "next-intl/server";
import { importWordsOf } from "@/lib/imports/import-words";

/** The words of an import's kinds, sources, statuses, fields and row remarks, in the page's language. */
export async function importWords() {
  return importWordsOf(await getTranslations("ImportSettings"));
}

export type { ImportWords } from "@/lib/imports/import-words";
