import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { unescapeFormula } from "./formula-escape";

/** A cell as our exports write it (csv-text.ts's options), read back as one field. */
const exported = (cell: string) =>
  stringify([[cell]], { escape_formulas: true, quote_record_delimiter: true })
    .replace(/\n$/, "")
    .replace(/^"|"$/g, "");

describe("a cell an export escaped as a formula", () => {
  it.each(["=SUM(A1)", "+45 20 12 34 56", "-3", "@home", "\tindent"])("reads back as it was: %j", (cell) => {
    expect(exported(cell)).not.toBe(cell);
    expect(unescapeFormula(exported(cell))).toBe(cell);
  });

  it("leaves other cells alone, an apostrophe of the studio's own among them", () => {
    for (const cell of ["Ida Holm", "'quoted'", "45 20 12 34", "'text"])
      expect(unescapeFormula(exported(cell))).toBe(cell);
  });
});
