/**
 * Reading form fields into the plain values the API's zod schemas expect. Nothing here validates:
 * a value that cannot be read is passed on as it is, so the schema reports it at its field.
 */

/** A trimmed string; undefined when the field is absent or blank. */
export function readText(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A string as typed (trimming is the schema's job); undefined when the field is absent. */
export function readRaw(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

/**
 * A whole number typed into a number field: the number, undefined when blank (or null when the
 * field is nullable, so that clearing it clears the value), and the raw text when it is not a number.
 */
export function readInteger(formData: FormData, name: string, options: { nullable: true }): number | null | string;
export function readInteger(
  formData: FormData,
  name: string,
  options?: { nullable?: false },
): number | undefined | string;
export function readInteger(
  formData: FormData,
  name: string,
  options: { nullable?: boolean } = {},
): number | null | undefined | string {
  const text = readText(formData, name);
  if (text === undefined) return options.nullable ? null : undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** A checkbox: checked or not. */
export function readCheckbox(formData: FormData, name: string): boolean {
  const value = formData.get(name);
  return value === "on" || value === "true";
}

/** Every value of a repeated field (checkbox group, multi-select), without blanks. */
export function readAll(formData: FormData, name: string): string[] {
  return formData
    .getAll(name)
    .filter((value): value is string => typeof value === "string" && value.trim() !== "")
    .map((value) => value.trim());
}

/** Drops undefined entries, so a strict schema sees only the fields the form filled in. */
export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** A trimmed string; null when blank, so that clearing the field clears the value. */
export function readTextOrNull(formData: FormData, name: string): string | null {
  return readText(formData, name) ?? null;
}
