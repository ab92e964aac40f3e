import { describe, expect, it } from "vitest";
import { browserLanguage } from "./browser-language";

describe("the language a browser asks for (Accept-Language)", () => {
  it("is Danish for a Danish browser and English for an English one, whatever the region", () => {
    expect(browserLanguage("da-DK,da;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("da");
    expect(browserLanguage("da")).toBe("da");
    expect(browserLanguage("da-dk")).toBe("da");
    expect(browserLanguage("en-US,en;q=0.9")).toBe("en");
    expect(browserLanguage("en-GB")).toBe("en");
    expect(browserLanguage("en-DK")).toBe("en");
  });

  it("follows the q-values, not the order the header lists them in", () => {
    expect(browserLanguage("en;q=0.5, da;q=0.9")).toBe("da");
    expect(browserLanguage("en-GB;q=0.1, da-DK;q=0.2")).toBe("da");
    expect(browserLanguage("da;q=0.4, en;q=0.8")).toBe("en");
  });

  it("passes over languages we do not speak to the first one we do", () => {
    expect(browserLanguage("de-DE,de;q=0.9,da;q=0.8,en;q=0.7")).toBe("da");
    expect(browserLanguage("fr-FR,fr;q=0.9,en;q=0.5")).toBe("en");
  });

  it("never picks a language the browser refuses (q=0)", () => {
    expect(browserLanguage("da;q=0")).toBeUndefined();
    expect(browserLanguage("*;q=0.5, en;q=0")).toBe("da");
  });

  it("gives English to a browser that takes anything", () => {
    expect(browserLanguage("*")).toBe("en");
    expect(browserLanguage("da;q=0, *")).toBe("en");
  });

  it("is none when it asks only for languages we do not speak, or for nothing readable", () => {
    for (const header of ["sv-SE,sv;q=0.9", "fr-CA", "", null, undefined, "garbage!!,,;q=x", ";;;", "x".repeat(5000)])
      expect(browserLanguage(header)).toBeUndefined();
    expect(browserLanguage("garbage!!, da;q=0.3")).toBe("da");
  });
});
