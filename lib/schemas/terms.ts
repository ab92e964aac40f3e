import type { TermsVersion } from "@prisma/client";
import { text } from "./common";
import { z } from "./zod";

/** Characters a language's text may have: a long set of terms is some 15,000. */
export const TERMS_MAX_CHARS = 50_000;
/** A body of two texts at their limit, each character up to 3 bytes of UTF-8 plus JSON's escapes. */
export const TERMS_MAX_BODY_BYTES = 400 * 1024;

/** A textarea's text: line breaks as LF, no trailing blank lines; an empty English text is none. */
const termsText = () =>
  text()
    .transform((value) => value.replace(/\r\n?/g, "\n").trimEnd())
    .pipe(z.string().max(TERMS_MAX_CHARS));

export const PublishTermsInput = z
  .strictObject({
    da: termsText()
      .pipe(z.string().min(1))
      .openapi({
        example: "# Handelsbetingelser\n\nDu kan fortryde et køb af et klippekort i 14 dage …",
        description: `The terms in Danish, in Markdown, at most ${TERMS_MAX_CHARS.toLocaleString("en")} characters`,
      }),
    en: termsText()
      .optional()
      .openapi({
        example: "# Terms of sale\n\nYou may withdraw from the purchase of a class pass within 14 days …",
        description: `The terms in English, in Markdown, at most ${TERMS_MAX_CHARS.toLocaleString("en")} characters; left out or empty: none (English readers see the Danish)`,
      }),
  })
  .openapi("PublishTermsInput");

export const TermsVersionSchema = z
  .object({
    version: z
      .number()
      .int()
      .positive()
      .openapi({ example: 3, description: "1, 2, 3, … per studio: each publish is the next" }),
    publishedAt: z.iso.datetime(),
    sha256: z.string().openapi({
      example: "9f2c…",
      description:
        'Hex SHA-256 of the UTF-8 JSON `{"da":…,"en":…}` of the two texts exactly as answered here (`en` null when none): a fingerprint of what was in force',
    }),
    da: z.string().openapi({ description: "The terms in Danish, in Markdown" }),
    en: z
      .string()
      .nullable()
      .openapi({ description: "The terms in English, in Markdown; null when the studio wrote none" }),
  })
  .openapi("TermsVersion", {
    description: "A published version of the studio's terms of sale (handelsbetingelser): never changed once published",
  });

export const TermsVersionQuery = z.strictObject({
  version: z.coerce.number().int().positive().max(2_147_483_647).optional().openapi({
    example: 2,
    description: "An earlier version (a receipt names the one its order was bought under); default the current one",
  }),
});

export type PublishTermsInput = z.infer<typeof PublishTermsInput>;
export type TermsVersionDto = z.infer<typeof TermsVersionSchema>;

export function serializeTermsVersion(terms: TermsVersion): TermsVersionDto {
  return {
    version: terms.version,
    publishedAt: terms.publishedAt.toISOString(),
    sha256: terms.sha256,
    da: terms.da,
    en: terms.en,
  };
}
