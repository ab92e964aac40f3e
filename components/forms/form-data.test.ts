import { describe, expect, it } from "vitest";
import { defined, readAll, readCheckbox, readInteger, readRaw, readText } from "./form-data";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("form-data readers", () => {
  const data = form([
    ["name", "  Studio 1 "],
    ["blank", "   "],
    ["count", "12"],
    ["decimal", "1.5"],
    ["words", "twelve"],
    ["negative", "-3"],
    ["box", "on"],
    ["ids", "a"],
    ["ids", " "],
    ["ids", "b"],
  ]);

  it("reads text trimmed, blank as absent, or raw for the schema to trim", () => {
    expect(readText(data, "name")).toBe("Studio 1");
    expect(readText(data, "blank")).toBeUndefined();
    expect(readText(data, "missing")).toBeUndefined();
    expect(readRaw(data, "name")).toBe("  Studio 1 ");
    expect(readRaw(data, "missing")).toBeUndefined();
  });

  it("reads numbers, passing what is not a number on for the schema to reject", () => {
    expect(readInteger(data, "count")).toBe(12);
    expect(readInteger(data, "negative")).toBe(-3);
    expect(readInteger(data, "decimal")).toBe(1.5);
    expect(readInteger(data, "words")).toBe("twelve");
    expect(readInteger(data, "blank")).toBeUndefined();
    expect(readInteger(data, "blank", { nullable: true })).toBeNull();
  });

  it("reads checkboxes and repeated fields", () => {
    expect(readCheckbox(data, "box")).toBe(true);
    expect(readCheckbox(data, "missing")).toBe(false);
    expect(readAll(data, "ids")).toEqual(["a", "b"]);
  });

  it("drops undefined entries but keeps null and empty strings", () => {
    expect(defined({ a: undefined, b: null, c: "", d: 0 })).toEqual({ b: null, c: "", d: 0 });
  });
});
