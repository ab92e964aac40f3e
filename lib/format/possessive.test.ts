import { describe, expect, it } from "vitest";
import { possessive } from "./possessive";

describe("possessive", () => {
  it("adds s in Danish and 's in English, an apostrophe alone after s", () => {
    expect(possessive("Mette Holm", "da")).toBe("Mette Holms");
    expect(possessive("Mette Holm", "en")).toBe("Mette Holm's");
    expect(possessive("Lars", "da")).toBe("Lars'");
    expect(possessive("Lars", "en")).toBe("Lars'");
    expect(possessive("Max", "da")).toBe("Max'");
  });
});
