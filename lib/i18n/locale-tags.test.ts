import { describe, expect, it } from "vitest";
import { LOCALE_TAGS, localeTagName, localeTagOptions } from "./locale-tags";
import { languageOfLocaleTag } from "./locales";

describe("locale tags of Settings", () => {
  it("are tags of the languages we have, each with a region", () => {
    for (const tag of LOCALE_TAGS) {
      expect(languageOfLocaleTag(tag), tag).toBeDefined();
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(new Intl.Locale(tag).region, tag).toBeTruthy();
    }
  });

  it("names each in its own language, capitalized", () => {
    expect(localeTagName("da-DK")).toBe("Dansk (Danmark)");
    expect(localeTagName("en-GB")).toBe("English (United Kingdom)");
    expect(localeTagName("en-IE")).toBe("English (Ireland)");
    expect(localeTagName("de-DE")).toBe("Deutsch (Deutschland)");
  });

  it("lists Danish first, then English by name", () => {
    expect(localeTagOptions("da-DK").map((option) => option.label)).toEqual([
      "Dansk (Danmark) · da-DK",
      "English (Australia) · en-AU",
      "English (Canada) · en-CA",
      "English (Denmark) · en-DK",
      "English (Ireland) · en-IE",
      "English (New Zealand) · en-NZ",
      "English (United Kingdom) · en-GB",
      "English (United States) · en-US",
    ]);
  });

  it("keeps another well-formed current tag selectable, marked as one whose words we do not have", () => {
    const options = localeTagOptions("de-DE");
    expect(options[0]).toEqual({ value: "de-DE", label: "Deutsch (Deutschland) · de-DE", supported: false });
    expect(options).toHaveLength(LOCALE_TAGS.length + 1);
    expect(localeTagOptions("en-GB")).toHaveLength(LOCALE_TAGS.length);
    expect(localeTagOptions("en")[0]).toMatchObject({ value: "en", label: "English · en", supported: true });
  });
});
