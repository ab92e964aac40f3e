import compile from "icu-minify/compile";
import { _createCache, _createIntlFormatters, type RichTranslationValues } from "use-intl/core";
import formatParsed from "use-intl/format-message";
import formatPrecompiled from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";

// The build compiles the catalogues (next.config.ts: next-intl's `messages.precompile`) and formats
// them without an ICU parser; tests and the email workers read the same files as strings and parse
// them. Both must say the same thing: every message, in both languages, formatted both ways.

function leaves(value: unknown, path: string[] = []): [string, string][] {
  if (typeof value === "string") return [[path.join("."), value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leaves(child, [...path, key]));
}

const text = (result: unknown) => (Array.isArray(result) ? result.join("") : String(result));

/** Values for a message's arguments and tags: each count in turn, text for the rest, tags marked. */
function valuesFor(message: string, count: number): RichTranslationValues {
  const values: RichTranslationValues = {};
  for (const [, name, type] of message.matchAll(/\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) {
    values[name!] = type === "plural" || type === "selectordinal" || type === "number" ? count : `«${name}»`;
  }
  for (const [, tag] of message.matchAll(/<(\w+)>/g)) {
    values[tag!] = (chunks) => `<${tag}>${text(chunks)}</${tag}>`;
  }
  return values;
}

describe("precompiled messages", () => {
  for (const locale of LOCALES) {
    it(`format as the parsed ones do (${locale})`, () => {
      const cache = _createCache();
      const options = { cache, formatters: _createIntlFormatters(cache), locale, timeZone: "Europe/Copenhagen" };
      for (const [key, message] of leaves(MESSAGES[locale])) {
        for (const count of [0, 1, 2, 7]) {
          const values = valuesFor(message, count);
          const parsed = text(formatParsed(key, message, values, options));
          const precompiled = text(formatPrecompiled(key, compile(message), values, options));
          expect(precompiled, `${key} with ${count}`).toBe(parsed);
        }
      }
    });
  }
});
