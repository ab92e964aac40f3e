import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

describe("where a sign-in returns the person", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeReturnTo("/demo/classes/abc-123")).toBe("/demo/classes/abc-123");
    expect(safeReturnTo("/demo/passes#product-p1")).toBe("/demo/passes#product-p1");
    expect(safeReturnTo("/demo?week=2026-11-30")).toBe("/demo?week=2026-11-30");
    expect(safeReturnTo("/")).toBe("/");
    expect(safeReturnTo("/demo/passes?returnTo=%2Fdemo%2Fclasses%2F1")).toBe("/demo/passes?returnTo=%2Fdemo%2Fclasses%2F1");
    expect(safeReturnTo("/caf%C3%A9")).toBe("/caf%C3%A9");
  });

  it("refuses anything that could lead to another site", () => {
    for (const value of [
      "https://evil.example/demo",
      "http:/evil.example",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/demo\\..\\evil",
      "javascript:alert(1)",
      "demo/classes",
      " /demo",
      "/demo\n/x",
      "/\t/evil.example",
      "/demo\u0000",
      "/demo\u0085",
      "/./\\evil.example",
      "/.//evil.example",
      "/demo/..//evil.example",
      "",
      "/" + "a".repeat(500),
    ]) {
      expect(safeReturnTo(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["/demo"], { path: "/demo" }]) expect(safeReturnTo(value)).toBeNull();
  });
});
