// A person's name as the owner of something ("Mette Holm's child", "Mette Holms barn"), for the
// messages that name a dependant with their guardian.

/** "Mette Holm" → "Mette Holm's" (en) / "Mette Holms" (da); a name ending in s (x, z in Danish) takes an apostrophe alone. */
export function possessive(name: string, language: "da" | "en"): string {
  const trimmed = name.trim();
  if (language === "da") return /[sxz]$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}s`;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
