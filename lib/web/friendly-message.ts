/**
 * zod's default messages ("Too small: expected string to have >=1 characters") are written for
 * developers; a form shows them in plain words. Messages the schemas write themselves pass through.
 */
export function friendlyMessage(message: string): string {
  const rules: [RegExp, (match: RegExpExecArray) => string][] = [
    [/^Too small: expected string to have >=1 characters?$/, () => "Required"],
    [/^Too small: expected string to have >=(\d+) characters$/, (m) => `At least ${m[1]} characters`],
    [/^Too big: expected string to have <=(\d+) characters$/, (m) => `At most ${m[1]} characters`],
    [/^Too small: expected number to be >=(-?\d+)$/, (m) => `Must be at least ${m[1]}`],
    [/^Too big: expected number to be <=(-?\d+)$/, (m) => `Must be at most ${m[1]}`],
    [/^Too small: expected array to have >=1 items?$/, () => "Add at least one"],
    [/^Invalid input: expected (number|int), received (string|number|NaN)$/, () => "Enter a whole number"],
    [/^Invalid input: expected string, received undefined$/, () => "Required"],
    [/^Invalid input: expected number, received undefined$/, () => "Required"],
    [/^Invalid email address$/, () => "Enter an email address such as ida@example.com"],
    [/^Invalid option: expected one of .*$/, () => "Choose one of the options"],
    [/^Invalid ISO datetime$/, () => "Enter a date"],
  ];
  for (const [pattern, render] of rules) {
    const match = pattern.exec(message);
    if (match) return render(match);
  }
  return message;
}
