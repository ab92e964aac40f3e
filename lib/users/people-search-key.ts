/**
 * The TypeScript twin of people_search_key (prisma/sql/functions/people_search_key.sql), the one
 * fold of people search: the words of a text between single spaces, with a space at each end, as the
 * database compares them (' soren kierkegaard '). Step for step as the SQL: æ œ ß spelled out, NFKD
 * with combining marks dropped, A–Z lowered and ø đ ł ð spelled in ASCII, ASCII punctuation a word
 * break, then the Danish spellings without the letters read as the letters ("aa" as å, "oe" as ø),
 * so that "soendergaard" finds "Søndergaard" and "sondergaard" finds "Soendergaard".
 * lib/users/people-search-key.test.ts holds the two to the same answers on both databases.
 */
export function peopleSearchKey(text: string | null | undefined): string {
  const spelledOut = (text ?? "")
    .replaceAll("Æ", "AE")
    .replaceAll("æ", "ae")
    .replaceAll("Œ", "OE")
    .replaceAll("œ", "oe")
    .replaceAll("ß", "ss")
    .replaceAll("ẞ", "SS");
  const unmarked = spelledOut.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const lowered = unmarked.replace(/[A-ZØøĐđŁłÐð]/g, (letter) => LOWERED[letter] ?? letter.toLowerCase());
  const words = lowered.replace(/[\t\n\v\f\r !-/:-@[-`{-~]+/g, " ");
  return ` ${readDanishSpellings(words).replace(/^ +| +$/g, "")} `;
}

/** "aa" is how å is written without the letter, "oe" how ø is (æ as "ae" is folded already). */
export const DANISH_SPELLINGS = [
  ["aa", "a"],
  ["oe", "o"],
] as const;

function readDanishSpellings(words: string): string {
  return DANISH_SPELLINGS.reduce((folded, [spelling, letter]) => folded.replaceAll(spelling, letter), words);
}

const LOWERED: Record<string, string> = { Ø: "o", ø: "o", Đ: "d", đ: "d", Ł: "l", ł: "l", Ð: "d", ð: "d" };
