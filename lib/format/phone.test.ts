import { describe, expect, it } from "vitest";
import { telHref } from "./phone";

describe("telHref", () => {
  it("keeps the digits and a leading +", () => {
    expect(telHref("+45 20 12 34 56")).toBe("tel:+4520123456");
    expect(telHref("(+45) 20-12.34.56")).toBe("tel:+4520123456");
    expect(telHref("20 12 34 56")).toBe("tel:20123456");
  });
});
