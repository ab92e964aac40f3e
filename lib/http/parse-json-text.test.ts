import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { jsonNestingDepth, MAX_JSON_DEPTH, parseJsonText } from "./parse-json-text";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("a request body's JSON", () => {
  it("counts arrays and objects, not brackets inside strings or after escaped quotes", () => {
    expect(jsonNestingDepth('{"a":[{"b":1}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonNestingDepth('["\\"[[[", "\\\\", [1]]')).toBe(2);
    expect(jsonNestingDepth('"plain"')).toBe(0);
  });

  it("reads a body nested to the bound and refuses one level deeper as Validation failed", () => {
    expect(parseJsonText(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(() => parseJsonText(nested(MAX_JSON_DEPTH + 1))).toThrowError(
      expect.objectContaining({ code: "validation_failed" }) as AppError,
    );
    expect(() => parseJsonText(nested(100_000))).toThrowError(AppError);
  });

  it("refuses malformed JSON as Validation failed", () => {
    expect(() => parseJsonText("{")).toThrowError(expect.objectContaining({ code: "validation_failed" }) as AppError);
  });
});
