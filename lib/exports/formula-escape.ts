// Our CSV exports prefix a cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first)
// with an apostrophe (csv-stringify's `escape_formulas`, csv-text.ts). An import reads such a cell
// back without it, so a studio's export imports back as it was (formula-escape.test.ts holds the
// two rules together).

const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

/** A cell as it was before the export escaped it: "'+45 20 12 34 56" → "+45 20 12 34 56". */
export function unescapeFormula(cell: string): string {
  return cell.replace(ESCAPED_FORMULA, "");
}
