import { languageOfLocaleTag } from "./locales";

/**
 * The locale tags Settings offers a studio: a language we have a catalogue of, with a region for
 * the formats of dates and prices (en-DK: English words, Danish formats). PATCH /account still takes
 * any well-formed tag (de-DE: English words, German formats).
 */
export const LOCALE_TAGS = ["da-DK", "en-DK", "en-GB", "en-IE", "en-US", "en-CA", "en-AU", "en-NZ"] as const;

/** A tag named in its own language, as the language switcher names languages: "Dansk (Danmark)", "English (Ireland)". */
export function localeTagName(tag: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([tag], { type: "language", languageDisplay: "standard" }).of(tag);
  } catch {
    name = undefined;
  }
  if (!name) return tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

export type LocaleTagOption = { value: string; label: string; supported: boolean };

/**
 * The choices of Settings' locale select, "Dansk (Danmark) · da-DK" first, then English by name.
 * The account's current tag is kept among them when it is another well-formed tag ("Deutsch
 * (Deutschland) · de-DE"), marked as one whose words we do not have.
 */
export function localeTagOptions(current: string): LocaleTagOption[] {
  const option = (tag: string): LocaleTagOption => ({
    value: tag,
    label: `${localeTagName(tag)} · ${tag}`,
    supported: languageOfLocaleTag(tag) !== undefined,
  });
  const ours = LOCALE_TAGS.map(option);
  const [danish, ...english] = ours;
  const sorted = [danish!, ...english.sort((a, b) => a.label.localeCompare(b.label, "en"))];
  return (LOCALE_TAGS as readonly string[]).includes(current) ? sorted : [option(current), ...sorted];
}
