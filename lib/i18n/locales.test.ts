import { describe, expect, it } from "vitest";
import { chooseLocale, languageOfLocaleTag } from "./locales";

describe("the language a person reads", () => {
  it("is their own choice first, then the visitor's switcher, then the studio's language, then English", () => {
    expect(chooseLocale({ personal: "en", visitor: "da", studioLocaleTag: "da-DK" })).toBe("en");
    expect(chooseLocale({ personal: null, visitor: "en", studioLocaleTag: "da-DK" })).toBe("en");
    expect(chooseLocale({ personal: null, visitor: undefined, studioLocaleTag: "da-DK" })).toBe("da");
    expect(chooseLocale({ studioLocaleTag: "de-DE" })).toBe("en");
    expect(chooseLocale({})).toBe("en");
  });

  it("passes over choices that are not a language we speak", () => {
    expect(chooseLocale({ personal: "de", visitor: "xx", studioLocaleTag: "da-DK" })).toBe("da");
    expect(chooseLocale({ visitor: "DA", studioLocaleTag: "en-GB" })).toBe("en");
  });

  it("takes a studio's language from its locale tag's language", () => {
    expect([languageOfLocaleTag("da-DK"), languageOfLocaleTag("da"), languageOfLocaleTag("en-US")]).toEqual([
      "da",
      "da",
      "en",
    ]);
    expect([languageOfLocaleTag("de-DE"), languageOfLocaleTag(""), languageOfLocaleTag(null)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
