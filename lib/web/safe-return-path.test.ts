import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-return-path";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    for (const path of [
      "/",
      "/demo",
      "/demo/classes/6f1c2b9e-1d2a-4c1b-9a55-0d3c1e2f4a5b",
      "/demo/passes?returnTo=%2Fdemo%2Fclasses%2F1",
      "/demo/me?bought=1#passes",
      "/caf%C3%A9",
    ]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it("refuses anything that could leave the site or is no path", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/demo",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/demo\\..\\..\\evil",
      "https://evil.example/demo",
      "http:/evil.example",
      "javascript:alert(1)",
      "demo/classes/1",
      "",
      " /demo",
      "/demo\n/evil",
      "/\t/evil.example",
      "/demo/..//evil.example",
      `/${"a".repeat(2000)}`,
      undefined,
      null,
      42,
      ["/demo"],
      { path: "/demo" },
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
  });
});
