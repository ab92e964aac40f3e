import { describe, expect, it } from "vitest";
import { chooseLocale, emailLocale, languageOfLocaleTag } from "./locales";

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

describe("the language of an email", () => {
  it("is the recipient's own choice first, whatever page they asked on and whatever the studio's language", () => {
    expect(emailLocale({ recipient: "en", askedOn: "da", studioLocaleTag: "da-DK" })).toBe("en");
    expect(emailLocale({ recipient: "da", studioLocaleTag: "de-DE" })).toBe("da");
  });

  it("is then the language of the page they asked for it on (a sign-in link)", () => {
    expect(emailLocale({ recipient: null, askedOn: "en", studioLocaleTag: "da-DK" })).toBe("en");
    expect(emailLocale({ recipient: null, askedOn: "da", studioLocaleTag: "en-US" })).toBe("da");
  });

  it("is then the studio's language when we have it, else English", () => {
    expect(emailLocale({ recipient: null, studioLocaleTag: "da-DK" })).toBe("da");
    expect(emailLocale({ recipient: null, askedOn: undefined, studioLocaleTag: "en-GB" })).toBe("en");
    expect(emailLocale({ recipient: null, studioLocaleTag: "de-DE" })).toBe("en");
    expect(emailLocale({ studioLocaleTag: null })).toBe("en");
  });

  it("passes over values that are not a language we speak", () => {
    expect(emailLocale({ recipient: "de", askedOn: "fr", studioLocaleTag: "da-DK" })).toBe("da");
  });
});
