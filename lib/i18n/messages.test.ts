// Holds the two catalogues together and to the code: the same keys with the same placeholders in
// Danish and English, and no key that no component reads. Keys are read as written in the code:
// a translator comes from useTranslations("Namespace"), getTranslations("Namespace") or
// translatorFor(locale, "Namespace") (lib/i18n/translator.ts) and is called
// with a literal key (t("key"), t.rich("key", …)), never a computed one.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === "string") entries.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

/** The ICU arguments of a message: "{count, plural, …}" and "{when}" → count, when. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]!))].sort();
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every key the code reads: namespace of the translator variable + the literal key. */
function keysReadByTheCode(): Set<string> {
  const read = new Set<string>();
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const source = fs.readFileSync(file, "utf8");
    const translators = new Map<string, string>();
    // a translator handed in: `t: Translator<"Namespace">`
    for (const [, name, namespace] of source.matchAll(/\b(\w+):\s*Translator<"([\w.]+)">/g))
      translators.set(name!, namespace!);
    for (const [, name, namespace] of source.matchAll(
      /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?(?:useTranslations\(|getTranslations\(|translatorFor\(\s*[\w.]+\s*,)\s*"([\w.]+)"/g,
    ))
      translators.set(name!, namespace!);
    // Promise.all([… getTranslations("Namespace") …]) destructured: `const [a, t] = await Promise.all([x, getTranslations("N")])`
    for (const match of source.matchAll(/const\s+\[([^\]]+)\]\s*=\s*await\s+Promise\.all\(\[([\s\S]*?)\]\)/g)) {
      const names = match[1]!.split(",").map((name) => name.trim().replace(/^\{.*\}$/, ""));
      const calls = splitTopLevel(match[2]!);
      calls.forEach((call, index) => {
        const namespace = /(?:useTranslations|getTranslations)\(\s*"([\w.]+)"/.exec(call)?.[1];
        if (namespace && names[index]) translators.set(names[index]!, namespace);
      });
    }
    for (const [name, namespace] of translators)
      for (const [, key] of source.matchAll(new RegExp(`\\b${name}(?:\\.rich|\\.markup|\\.raw|\\.has)?\\(\\s*"([\\w.]+)"`, "g")))
        read.add(`${namespace}.${key}`);
  }
  return read;
}

/** The elements of an array literal's source, split at its top-level commas. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if ("([{".includes(char)) depth++;
    if (")]}".includes(char)) depth--;
    if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current);
  return parts;
}

describe("the message catalogues", () => {
  const english = flatten(MESSAGES.en as Catalogue);
  const danish = flatten(MESSAGES.da as Catalogue);

  it("have the same keys in Danish and English", () => {
    expect([...danish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("use the same placeholders in both languages", () => {
    const differing = [...english].filter(([key, text]) => {
      const other = danish.get(key);
      return other !== undefined && argumentsOf(other).join() !== argumentsOf(text).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it("hold no key that the code does not read, and the code reads no key they lack", () => {
    const read = keysReadByTheCode();
    expect(read.size).toBeGreaterThan(0);
    expect([...english.keys()].filter((key) => !read.has(key))).toEqual([]);
    expect([...read].filter((key) => !english.has(key))).toEqual([]);
  });
});
