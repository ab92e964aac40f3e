import { PROFILE_MESSAGES } from "@/lib/schemas/account-profile";

/** The plain words for zod's default messages, in the reader's language (run-action.ts reads them from the catalogue). */
export type FormErrorWords = {
  required: string;
  atLeastCharacters: (count: number) => string;
  atMostCharacters: (count: number) => string;
  atLeast: (min: number) => string;
  atMost: (max: number) => string;
  addOne: string;
  wholeNumber: string;
  email: string;
  chooseOption: string;
  date: string;
  accentColor: string;
  httpsAddress: string;
  webAddress: string;
};

/** The English words (the catalogue's FormErrors say the same), for a caller outside a request. */
export const ENGLISH_FORM_ERRORS: FormErrorWords = {
  required: "Required",
  atLeastCharacters: (count) => `At least ${count} characters`,
  atMostCharacters: (count) => `At most ${count} characters`,
  atLeast: (min) => `Must be at least ${min}`,
  atMost: (max) => `Must be at most ${max}`,
  addOne: "Add at least one",
  wholeNumber: "Enter a whole number",
  email: "Enter an email address such as ida@example.com",
  chooseOption: "Choose one of the options",
  date: "Enter a date",
  accentColor: "Enter a colour as # and six hexadecimal digits, such as #0f766e",
  httpsAddress: "Enter an address that starts with https://",
  webAddress: "Enter an address that starts with https:// or http://",
};

const exactly = (message: string) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);

/**
 * zod's default messages ("Too small: expected string to have >=1 characters") are written for
 * developers; a form shows them in plain words. Messages the schemas write themselves pass through.
 */
export function friendlyMessage(message: string, words: FormErrorWords = ENGLISH_FORM_ERRORS): string {
  const rules: [RegExp, (match: RegExpExecArray) => string][] = [
    [/^Too small: expected string to have >=1 characters?$/, () => words.required],
    [/^Too small: expected string to have >=(\d+) characters$/, (m) => words.atLeastCharacters(Number(m[1]))],
    [/^Too big: expected string to have <=(\d+) characters$/, (m) => words.atMostCharacters(Number(m[1]))],
    [/^Too small: expected number to be >=(-?\d+)$/, (m) => words.atLeast(Number(m[1]))],
    [/^Too big: expected number to be <=(-?\d+)$/, (m) => words.atMost(Number(m[1]))],
    [/^Too small: expected array to have >=1 items?$/, () => words.addOne],
    [/^Invalid input: expected (number|int), received (string|number|NaN)$/, () => words.wholeNumber],
    [/^Invalid input: expected string, received undefined$/, () => words.required],
    [/^Invalid input: expected number, received undefined$/, () => words.required],
    [/^Invalid email address$/, () => words.email],
    [/^Invalid option: expected one of .*$/, () => words.chooseOption],
    [/^Invalid ISO datetime$/, () => words.date],
    [exactly(PROFILE_MESSAGES.accentColor), () => words.accentColor],
    [exactly(PROFILE_MESSAGES.logoUrl), () => words.httpsAddress],
    [exactly(PROFILE_MESSAGES.website), () => words.webAddress],
  ];
  for (const [pattern, render] of rules) {
    const match = pattern.exec(message);
    if (match) return render(match);
  }
  return message;
}
