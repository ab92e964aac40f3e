// Holds every code a 400 detail can carry to the catalogues: each rule of ours (RULES, the one list
// ruleIssue and ruleDetail take codes from) and each of zod's issue codes the schemas produce has
// words in Danish and English, and no schema or domain function writes a sentence of its own.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  issueDetails,
  REPORT_INPUT,
  RULE_CODES,
  ruleDetail,
  ZOD_ISSUE_CODES,
  type ErrorDetail,
} from "@/lib/error-details";
import { LOCALES } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { fieldErrorMessage } from "./field-error-message";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const SOURCES = ["app", "lib", "components"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
const relative = (file: string) => path.relative(ROOT, file);

/** The text of a call from its opening parenthesis at `open` to the matching closing one. */
function callAt(source: string, open: number): string {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    if (source[index] === "(") depth++;
    if (source[index] === ")" && --depth === 0) return source.slice(open, index + 1);
  }
  return source.slice(open);
}

const fieldErrors = (language: (typeof LOCALES)[number]) => MESSAGES[language].FieldErrors as Record<string, string>;

/** Every exported zod schema of lib/schemas. */
function allSchemas(): [string, z.ZodType][] {
  const modules = import.meta.glob<Record<string, unknown>>(["../schemas/*.ts", "!../schemas/*.test.ts"], {
    eager: true,
  });
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${path.basename(file)}:${name}`, schema] as [string, z.ZodType]),
  );
}

const long = "x".repeat(5000);
/** Values wrong in every way a form or a client gets wrong: missing, empty, of another type, too long, unknown keys. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  "",
  "x",
  long,
  -1,
  0.5,
  1e15,
  true,
  [],
  [""],
  Array.from({ length: 600 }, () => "x"),
  {},
  { unknownField: 1 },
  { name: "", email: "not an email", from: "2026-02-30", to: "x", startsAt: "x", url: "nope", amount: -1 },
];

describe("the codes of a 400 detail", () => {
  it("each have words in both catalogues: every rule of ours by its own key", () => {
    for (const language of LOCALES) {
      const missing = RULE_CODES.filter((code) => !fieldErrors(language)[code]);
      expect(missing, `FieldErrors (${language}) lacks`).toEqual([]);
    }
  });

  it("are said in each language without falling back: every rule, and zod's codes by origin and format", () => {
    const samples: ErrorDetail[] = [
      ...RULE_CODES.map((code) => ({
        path: "x",
        message: "",
        code,
        params: {
          minimum: 1,
          maximum: 2,
          from: "2026-07-01",
          until: "2026-08-01",
          currency: "DKK",
          digits: 2,
          years: 2,
        },
      })),
      ...(["string", "number", "array"] as const).flatMap((origin) => [
        { path: "x", message: "", code: "too_small" as const, params: { origin, minimum: 2 } },
        { path: "x", message: "", code: "too_big" as const, params: { origin, maximum: 2 } },
      ]),
      ...["email", "url", "date", "datetime", "time", "regex"].map((format) => ({
        path: "x",
        message: "",
        code: "invalid_format" as const,
        params: { format },
      })),
      ...ZOD_ISSUE_CODES.map((code) => ({ path: "x", message: "", code })),
    ];
    for (const language of LOCALES) {
      const catalogue = new Set(Object.values(fieldErrors(language)).map((text) => text.split("{")[0]!));
      for (const detail of samples) {
        const said = fieldErrorMessage(detail, language);
        expect(said, `${detail.code} in ${language}`).not.toMatch(/FieldErrors\.|\{|undefined/);
        expect(
          [...catalogue].some((start) => said.startsWith(start)),
          `${detail.code} in ${language}: ${said}`,
        ).toBe(true);
      }
    }
  });

  it("are the codes every schema answers for bad input, and each schema's refinements name a rule", () => {
    const known = new Set<string>([...ZOD_ISSUE_CODES, ...RULE_CODES]);
    const seen = new Set<string>();
    const schemas = allSchemas();
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, schema] of schemas) {
      for (const value of BAD_VALUES) {
        const result = schema.safeParse(value, REPORT_INPUT);
        if (result.success) continue;
        for (const detail of issueDetails(result.error)) {
          seen.add(detail.code);
          expect(known.has(detail.code), `${name}: ${detail.code}`).toBe(true);
          expect(detail.code, `${name} answers a refinement with no rule code: ${detail.message}`).not.toBe("custom");
          for (const language of LOCALES)
            expect(fieldErrorMessage(detail, language), `${name}: ${detail.code}`).not.toMatch(/FieldErrors\./);
        }
      }
    }
    // The probe reaches the codes forms meet most.
    for (const code of ["invalid_type", "too_small", "too_big", "invalid_format", "invalid_value", "unrecognized_keys"])
      expect(seen.has(code), code).toBe(true);
  });

  it("are never written by hand: schemas use ruleIssue, domain functions ruleDetail, and no sentence is parsed back", () => {
    const offences: string[] = [];
    for (const file of SOURCES) {
      if (relative(file) === "lib/error-details.ts" || relative(file) === "lib/env-schema.ts") continue;
      const source = fs.readFileSync(file, "utf8");
      // a refinement or an issue with a sentence of its own instead of ruleIssue(…)
      for (const match of source.matchAll(/\.(refine|superRefine|addIssue)\(/g)) {
        const call = callAt(source, match.index + match[0].length - 1);
        if (match[1] !== "superRefine" && !/ruleIssue\(|code: issue\.code/.test(call))
          offences.push(`${relative(file)}: ${match[1]} without ruleIssue: ${call.slice(0, 80)}`);
      }
      // a detail literal with a message of its own
      for (const match of source.matchAll(/\{\s*path:[^{}]*\bmessage:[^{}]*\}/g))
        if (!/params: \{ \.\.\.issue\.params/.test(match[0]))
          offences.push(`${relative(file)}: a detail written by hand: ${match[0].slice(0, 80)}`);
    }
    expect(offences).toEqual([]);
  });

  it("give each literal rule code in the source words in both catalogues", () => {
    const used = new Set<string>();
    for (const file of SOURCES) {
      const source = fs.readFileSync(file, "utf8");
      if (!source.includes('from "@/lib/error-details"')) continue;
      for (const match of source.matchAll(
        /\b(?:ruleIssue|ruleDetail|refuse|fail|issue)\(\s*(?:[^,()]+,\s*)?"([a-z]+(?:_[a-z]+)+)"/g,
      ))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const language of LOCALES)
      expect(
        [...used].filter((code) => !fieldErrors(language)[code]),
        `FieldErrors (${language}) lacks`,
      ).toEqual([]);
  });

  it("carry dates as ISO days, said as the page's language writes a day", () => {
    const overlap = ruleDetail("from", "pause_overlaps", { from: "2026-07-01", until: "2026-08-01" });
    expect(overlap).toEqual({
      path: "from",
      code: "pause_overlaps",
      params: { from: "2026-07-01", until: "2026-08-01" },
      message: "Overlaps the pause from 2026-07-01 until 2026-08-01",
    });
    expect(fieldErrorMessage(overlap, "da")).toBe("Overlapper pausen fra 1. jul. 2026 til 1. aug. 2026");
    expect(fieldErrorMessage(overlap, "en")).toMatch(
      /^Overlaps the pause from (Jul 1, 2026|1 Jul 2026) until (Aug 1, 2026|1 Aug 2026)$/,
    );
  });
});
