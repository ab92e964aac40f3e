import { describe, expect, it } from "vitest";
import { formatMoney, minorUnitDigits } from "./money";

describe("formatMoney", () => {
  it("shows Danish kroner the Danish way: thousands dot, decimal comma, no-break space, 'kr.'", () => {
    expect(formatMoney(125000, "DKK", "da-DK")).toBe("1.250,00\u00a0kr.");
    expect(formatMoney(9900, "DKK", "da-DK")).toBe("99,00\u00a0kr.");
    expect(formatMoney(0, "DKK", "da-DK")).toBe("0,00\u00a0kr.");
  });

  it("shows US dollars the American way", () => {
    expect(formatMoney(125000, "USD", "en-US")).toBe("$1,250.00");
    expect(formatMoney(5, "USD", "en-US")).toBe("$0.05");
  });

  it("divides by the currency's own minor unit (yen has none)", () => {
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("DKK")).toBe(2);
    expect(formatMoney(1250, "JPY", "en-US")).toBe("¥1,250");
  });
});
