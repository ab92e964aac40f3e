import { describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode } from "@/lib/errors";
import { errorMessageIn } from "./error-messages";

const codes = Object.keys(ERRORS) as ErrorCode[];

describe("errors as pages tell them", () => {
  it("says the contract's own message in English", () => {
    for (const code of codes) expect(errorMessageIn("en", code)).toBe(ERRORS[code].message);
  });

  it("says every error in Danish, each differently", () => {
    const danish = codes.map((code) => errorMessageIn("da", code));
    expect(errorMessageIn("da", "no_valid_entitlement")).toBe(
      "Du har ikke et klippekort eller medlemskab, der dækker holdet",
    );
    expect(errorMessageIn("da", "order_not_refundable")).toBe("Ordren kan ikke refunderes");
    for (const [index, code] of codes.entries()) expect(danish[index], code).not.toBe(ERRORS[code].message);
    expect(new Set(danish).size).toBe(codes.length);
  });
});
