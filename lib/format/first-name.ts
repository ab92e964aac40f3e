/** The name a household calls a person by: the first word of their display name ("Liva Søndergaard" → "Liva"). */
export function firstName(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] ?? "";
}
