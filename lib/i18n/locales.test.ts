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

  it("is then the language the browser asks for when the page belongs to no studio we have words for", () => {
    const danishBrowser = "da-DK,da;q=0.9,en-US;q=0.8,en;q=0.7";
    expect(chooseLocale({ acceptLanguage: danishBrowser })).toBe("da");
    expect(chooseLocale({ studioLocaleTag: "de-DE", acceptLanguage: danishBrowser })).toBe("da");
    expect(chooseLocale({ acceptLanguage: "en-US,en;q=0.9" })).toBe("en");
    expect(chooseLocale({ acceptLanguage: "sv-SE,sv;q=0.9" })).toBe("en");
    expect(chooseLocale({ acceptLanguage: "not a header" })).toBe("en");
  });

  it("puts the person's, the visitor's and the studio's choices before the browser's", () => {
    const danishBrowser = "da-DK,da;q=0.9";
    expect(chooseLocale({ personal: "en", acceptLanguage: danishBrowser })).toBe("en");
    expect(chooseLocale({ visitor: "en", acceptLanguage: danishBrowser })).toBe("en");
    expect(chooseLocale({ studioLocaleTag: "en-GB", acceptLanguage: danishBrowser })).toBe("en");
    expect(chooseLocale({ studioLocaleTag: "da-DK", acceptLanguage: "en-US" })).toBe("da");
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
