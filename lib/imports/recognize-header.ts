// Recognises a file's header row: which system exported it (Mindbody, Momence, bsport, or a
// generic file in English or Danish) and which field of the import each column holds.

export const IMPORT_KINDS = ["people", "passes", "memberships", "bookings"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_SOURCES = ["mindbody", "momence", "bsport", "generic"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The fields each kind reads, and which of them a row must have. */
export const KIND_FIELDS = {
  people: {
    fields: ["email", "displayName", "firstName", "lastName", "phone", "dateOfBirth", "notes"],
    required: ["email"],
  },
  passes: {
    fields: ["email", "product", "remainingClasses", "validUntil", "validFrom"],
    required: ["email", "product"],
  },
  memberships: { fields: ["email", "product", "nextRenewal", "price"], required: ["email", "product", "nextRenewal"] },
  bookings: { fields: ["email", "date", "time", "class"], required: ["email", "date", "time", "class"] },
} as const satisfies Record<ImportKind, { fields: readonly string[]; required: readonly string[] }>;

export type ImportField = (typeof KIND_FIELDS)[ImportKind]["fields"][number];
export const IMPORT_FIELDS = [...new Set(Object.values(KIND_FIELDS).flatMap((kind) => kind.fields))] as ImportField[];

/** How a header is compared: lower case, accents kept, punctuation and runs of spaces as one space. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[\s_\-.:/()]+/g, " ")
    .trim();
}

/**
 * The headers each field is known by: the generic set in English and Danish, and the column names of
 * the Mindbody, Momence and bsport client, pass and booking exports (bsport's in English and French).
 * The generic set holds our own exports' column names too (people.csv, passes.csv: displayName,
 * dateOfBirth, remainingClasses, validFrom, validUntil), so a studio's export imports back as it is.
 */
const ALIASES: Record<ImportField, string[]> = {
  email: [
    "email",
    "e mail",
    "email address",
    "e mail address",
    "emailadresse",
    "e mail adresse",
    "mail",
    "adresse email",
    "adresse e mail",
    "courriel",
  ],
  displayName: [
    "name",
    "navn",
    "full name",
    "fulde navn",
    "client name",
    "customer name",
    "member name",
    "medlem",
    "nom complet",
    "displayname",
  ],
  firstName: ["first name", "firstname", "fornavn", "given name", "prénom", "prenom"],
  lastName: ["last name", "lastname", "efternavn", "surname", "family name", "nom", "nom de famille"],
  phone: [
    "phone",
    "telefon",
    "telefonnummer",
    "tlf",
    "tlf nr",
    "mobil",
    "mobilnummer",
    "mobile",
    "mobile phone",
    "cell phone",
    "phone number",
    "home phone",
    "téléphone",
    "telephone",
    "numéro de téléphone",
  ],
  dateOfBirth: ["date of birth", "fødselsdato", "birth date", "birthdate", "birthday", "dob", "date de naissance", "dateofbirth"],
  notes: [
    "notes",
    "note",
    "noter",
    "bemærkninger",
    "bemærkning",
    "kommentar",
    "comments",
    "client notes",
    "customer notes",
  ],
  product: [
    "product",
    "produkt",
    "pass",
    "klippekort",
    "kort",
    "membership",
    "medlemskab",
    "abonnement",
    "pricing option",
    "pricing option name",
    "series name",
    "series",
    "product name",
    "pass name",
    "package",
    "package name",
    "membership type",
    "plan",
    "plan name",
    "offer name",
    "subscription name",
    "contract",
    "contract name",
    "item name",
    "nom de l'offre",
    "nom du pass",
    "nom de l'abonnement",
    "produit",
    "pack",
    "pack name",
    "membership name",
    "subscription",
    "offer",
    "offre",
    "service",
    "item",
  ],
  remainingClasses: [
    "remaining classes",
    "classes left",
    "remaining",
    "remaining visits",
    "visits remaining",
    "remaining sessions",
    "credits left",
    "remaining credits",
    "credits remaining",
    "klip tilbage",
    "resterende klip",
    "resterende",
    "séances restantes",
    "crédits restants",
    "remainingclasses",
  ],
  validUntil: [
    "valid until",
    "expiry date",
    "expiration date",
    "expiration",
    "expires",
    "expires at",
    "end date",
    "udløbsdato",
    "udløber",
    "gyldig til",
    "slutdato",
    "date d'expiration",
    "date de fin",
    "validuntil",
  ],
  validFrom: ["valid from", "start date", "activation date", "active date", "gyldig fra", "startdato", "date de début", "validfrom"],
  nextRenewal: [
    "next renewal",
    "next billing date",
    "next payment date",
    "next charge date",
    "renewal date",
    "næste fornyelse",
    "næste betaling",
    "fornyes",
    "prochain prélèvement",
    "date de renouvellement",
    "nextrenewal",
  ],
  price: ["price", "pris", "amount", "beløb", "prix"],
  date: ["date", "dato", "class date", "session date", "jour"],
  time: ["time", "tid", "klokkeslæt", "start time", "starttid", "class time", "heure", "heure de début"],
  class: ["class", "hold", "klasse", "class name", "session", "event", "title", "titel", "cours", "nom du cours"],
};

/** Headers only one system's export has: two of them name the source. */
const SIGNATURES: Record<Exclude<ImportSource, "generic">, string[]> = {
  mindbody: [
    "client id",
    "mobile phone",
    "home phone",
    "work phone",
    "birth date",
    "creation date",
    "referred by",
    "pricing option",
    "series name",
    "remaining visits",
    "visit type",
  ],
  momence: [
    "customer id",
    "customer tags",
    "total visits",
    "first visit",
    "last visit",
    "phone number",
    "customer notes",
    "membership name",
    "credits left",
    "first seen",
  ],
  bsport: [
    "member id",
    "id membre",
    "prénom",
    "date de naissance",
    "date d'inscription",
    "numéro de téléphone",
    "offre",
    "crédits restants",
    "subscribed to newsletter",
    "establishment",
  ],
};

export type Column = { header: string; field: ImportField | null };

export function recognizeHeader(kind: ImportKind, headers: string[]): { source: ImportSource; columns: Column[] } {
  const normalized = headers.map(normalizeHeader);
  const source =
    (Object.keys(SIGNATURES) as Exclude<ImportSource, "generic">[]).find(
      (name) => normalized.filter((header) => SIGNATURES[name].includes(header)).length >= 2,
    ) ?? "generic";
  const taken = new Set<ImportField>();
  const columns = headers.map((header, index): Column => {
    const field = (KIND_FIELDS[kind].fields as readonly ImportField[]).find(
      (candidate) => !taken.has(candidate) && ALIASES[candidate].includes(normalized[index]!),
    );
    if (field) taken.add(field);
    return { header, field: field ?? null };
  });
  return { source, columns };
}

/** An import's columns as kept: its headers and, beside each, the field it fills ("" for none). */
export function columnsOf(record: { headers: string[]; fields: string[] }): Column[] {
  return record.headers.map((header, index) => ({ header, field: (record.fields[index] || null) as Column["field"] }));
}

/** The fields every row needs that no column holds yet: the mapping step asks for them. */
export function unmappedRequired(kind: ImportKind, columns: Column[]): ImportField[] {
  const mapped = new Set(columns.map((column) => column.field));
  return (KIND_FIELDS[kind].required as readonly ImportField[]).filter((field) => !mapped.has(field));
}

/** Whether a first row holds values rather than names: an email address, a date or a number. */
export function looksLikeData(cells: string[]): boolean {
  return cells.some((cell) => /@/.test(cell) || /^\d[\d\s\-./:]*$/.test(cell));
}
