// Small truths of the catalogues' words: a Danish amount ends in "kr." ("1.000,00 kr."), so no
// message may put a full stop right after an amount ("1.000,00 kr.."), and a Danish page says
// "Enkelttime", not the English "Drop-in" (/work/shared/notes/danish.md).
import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";

type Catalogue = { [key: string]: string | Catalogue };

function messagesOf(catalogue: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : messagesOf(value, `${prefix}${key}.`),
  );
}

/** The placeholders the code fills with formatMoney's text. */
const AMOUNT = /\{(amount|price|total|vat|refund\w*)\}\./;

describe("the catalogues", () => {
  for (const language of ["da", "en"] as const)
    it(`put no full stop right after an amount (${language})`, () => {
      const doubled = messagesOf(MESSAGES[language] as unknown as Catalogue).filter(([, text]) => AMOUNT.test(text));
      expect(doubled.map(([key]) => key)).toEqual([]);
    });

  it("say no Drop-in in Danish", () => {
    const english = messagesOf(MESSAGES.da as unknown as Catalogue).filter(([, text]) => /\bdrop-in\b/i.test(text));
    expect(english).toEqual([]);
  });
});
