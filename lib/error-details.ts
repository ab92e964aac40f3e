import type { z } from "zod";

/**
 * The details of a 400 (decisions §1): `{ path, message, code, params? }`. `message` is the English
 * sentence the API answers; `code` a stable word a page translates through its catalogue
 * (lib/web/field-error-message.ts) with `params`. A zod check answers zod's own issue code; a rule of
 * ours answers one of RULES below, built with ruleIssue (in a schema) or ruleDetail (in the domain),
 * never by hand.
 */

/** zod's issue codes, each a detail may carry as it is. */
export const ZOD_ISSUE_CODES = [
  "invalid_type",
  "too_small",
  "too_big",
  "invalid_format",
  "not_multiple_of",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "invalid_value",
  // A refinement that names no rule of ours (the source test holds every schema to ruleIssue).
  "custom",
] as const satisfies readonly z.core.$ZodIssue["code"][];
export type ZodIssueCode = (typeof ZOD_ISSUE_CODES)[number];

type Dates = { from: string; until: string };

/** Our rules: each code with the English sentence it answers, from the values the sentence needs. */
export const RULES = {
  required: () => "Required",
  unstorable_text: () => "Text must not contain NUL characters or unpaired surrogates",
  year_out_of_range: (p: { minimum: number; maximum: number }) =>
    `Dates must be within the years ${p.minimum} to ${p.maximum}`,
  date_or_instant: () => "A date (YYYY-MM-DD) or an ISO 8601 instant with an offset",
  json_malformed: () => "Malformed JSON",
  json_too_deep: (p: { maximum: number }) => `Nested deeper than ${p.maximum} levels`,
  value_not_storable: () => "A value is out of range or not storable",
  idempotency_key_length: (p: { minimum: number; maximum: number }) =>
    `must be ${p.minimum} to ${p.maximum} characters`,
  cursor_invalid: () => "Not a cursor this list answered",
  cursor_without_limit: () => "`cursor` goes with `limit`",
  range_end_not_after_start: () => "`to` must be after `from`",
  range_too_long: (p: { maximum: number }) => `The range may span at most ${p.maximum} days`,
  period_too_long: (p: { maximum: number }) => `The period may span at most ${p.maximum} days`,
  locale_malformed: () => "Malformed locale tag",
  accent_color: () => "Accent colour must be #rrggbb: # and six hexadecimal digits",
  logo_url_https: () => "Logo URL must be an https:// address",
  website_url: () => "Website must be an http:// or https:// address",
  vat_rate_precision: () => "VAT rate must be a percentage from 0 to 100 with at most two decimals",
  card_required: () => "Card is always accepted",
  dinero_organization_id: () => "The organization id is the number Dinero shows under Settings",
  dinero_credentials_rejected: () => "Dinero did not accept this client id, client secret and API key",
  mobilepay_memberships_only: () =>
    "MobilePay through the studio's sales unit pays memberships only; pay a one-off purchase by card (Stripe offers MobilePay there)",
  merchant_serial_number: () => "Merchant serial number must be 4 to 10 digits",
  payment_method_unavailable: (p: { method: string; currency: string }) =>
    `Stripe does not offer ${p.method} for payments in ${p.currency}`,
  currency_mismatch: (p: { currency: string }) => `Must be the account's currency (${p.currency})`,
  birth_date_too_early: (p: { minimum: string }) => `Date of birth must not be before ${p.minimum}`,
  birth_date_in_future: () => "Date of birth must not be in the future",
  nothing_to_change: () => "Give dateOfBirth, locale, emailReminders or more than one",
  dependant_nothing_to_change: () => "Give displayName, dateOfBirth or both",
  guest_with_attendee: () => "A guest is brought by the caller: not with attendeeId",
  email_taken: () => "Email is already used by another user",
  email_shared: () => "This user also belongs to another account, so the email cannot be changed here",
  phone_shared: () => "This user also belongs to another account, so the phone cannot be changed here",
  last_administrator: () => "The account needs at least one administrator",
  product_unknown: () => "Not a product of this account",
  event_unknown: () => "Not an event of this account",
  teacher_unknown: () => "Not a member of this account",
  location_unknown: () => "Not a location of this account",
  group_unknown: () => "Not a group of this account",
  groups_required: () => "Audience `groups` needs at least one group",
  price_unknown: () => "Not a current price of this product",
  listed_twice: () => "Listed twice",
  events_repeat: () => "Each event once",
  url_not_https: () => "Must be an https URL",
  url_has_credentials: () => "Must not carry credentials",
  url_not_public: () => "Must be a public address",
  discount_both: () => "Give percentOff or amountOff, not both",
  discount_required: () => "Give percentOff or amountOff",
  currency_required: () => "amountOff needs a currency",
  currency_without_amount: () => "currency goes with amountOff",
  max_age_below_min_age: () => "maxAge must not be below minAge",
  interval_count_without_interval: () => "intervalCount needs an interval",
  billing_period_too_long: () => "A billing period is at most three years",
  class_allowance_required: () => "A class pass needs a classAllowance of at least 1",
  course_type_only: () => "Only workshop, teacher_training and custom products have a course",
  interval_required: () => "Subscription prices need an interval",
  interval_not_allowed: () => "Only subscription prices have an interval",
  instalments_course_only: () => "Only a course product's price can be paid in instalments",
  price_required: () => "At least one price (a gift card: a price or a custom amount)",
  gift_card_only: () => "Only a gift_card product has this",
  custom_amount_range: () => "customAmount.max must not be below customAmount.min",
  gift_card_amount_positive: () => "A gift card's price is at least 1",
  price_or_amount: () => "Give priceId or amount, not both",
  custom_amount_not_offered: () => "This gift card has no amount of the buyer's choice: give one of its prices",
  custom_amount_bounds: (p: { minimum: number; maximum: number }) =>
    `The amount must be from ${p.minimum} to ${p.maximum} (minor units)`,
  deliver_on_past: () => "deliverOn must not be before today in the studio's time zone",
  deliver_on_too_far: () => "deliverOn must be at most a year ahead",
  gift_card_payout_until: (p: { payoutUntil: string }) => `It can still be paid out until ${p.payoutUntil}`,
  gift_card_checkout_only: () => "A gift_card product is sold through POST /checkout, not granted at the desk",
  season_end_not_after_start: () => "endsAt must be after startsAt",
  ends_required: () => "Either endsOn or count is required",
  series_end_before_start: () => "endsOn must not be before startsOn",
  series_too_long: (p: { years: number }) => `endsOn must be at most ${p.years} years after startsOn`,
  occurrences_too_many: (p: { maximum: number }) => `At most ${p.maximum} occurrences per series`,
  weekday_required: () => "Choose at least one weekday",
  series_end_choice_required: () => "Choose when the class ends",
  weekdays_weekly_only: () => "weekdays apply to weekly rules only",
  weekdays_repeat: () => "weekdays must not repeat",
  weekdays_invalid: () => "weekdays must be integers from 0 (Sunday) to 6 (Saturday)",
  month_day_monthly_only: () => "monthDay applies to monthly rules only",
  month_day_invalid: () => "monthDay must be from 1 to 31",
  frequency_invalid: () => "Unknown frequency",
  interval_invalid: () => "interval must be an integer from 1 to 52",
  duration_invalid: () => "durationMinutes must be a positive integer",
  count_invalid: () => "count must be a positive integer",
  time_invalid: () => "Expected a time HH:MM",
  quiet_hours_empty: () => "Quiet hours must end at another time than they start",
  date_invalid: () => "Expected a date YYYY-MM-DD",
  timezone_unknown: () => "Unknown IANA timezone",
  pause_end_not_after_start: () => "Must be after from",
  pause_too_long: (p: { maximum: number }) => `A pause lasts at most ${p.maximum} days`,
  pause_overlaps: (p: Dates) => `Overlaps the pause from ${p.from} until ${p.until}`,
  pause_not_ended: (p: Dates) => `One pause at a time: the pause from ${p.from} until ${p.until} has not ended`,
  pause_after_end: () => "The entitlement ends before the pause starts",
  amount_invalid: () => "Enter an amount such as 120, 120.50 or 1,250",
  amount_whole: (p: { currency: string }) => `${p.currency} has no minor unit: enter a whole amount`,
  amount_decimals: (p: { digits: number; currency: string }) => `At most ${p.digits} decimals for ${p.currency}`,
  amount_too_large: () => "Amount is too large",
  percent_invalid: () => "Enter a whole percent from 1 to 100",
  date_required: () => "Enter a date",
  date_time_required: () => "Enter a date and time",
  class_required: () => "Choose a class",
  import_empty: () => "The file has no rows",
  import_no_header: () => "The first row holds values, not column names: add a header row",
  import_field_unmapped: (p: { field: string }) => `No column holds ${p.field}`,
  import_malformed: (p: { line: number }) => `The file is not CSV from line ${p.line}: a quote is not closed`,
  import_too_many_columns: (p: { maximum: number }) => `The file has more than ${p.maximum} columns`,
  import_line_too_long: (p: { line: number; maximum: number }) =>
    `Line ${p.line} of the file is longer than ${p.maximum} bytes (a line, or a cell in it)`,
  import_field_not_of_kind: () => "Not a field of this kind of import",
  import_columns_mismatch: () => "Give every column of the file, in the file's order, with its header",
  terms_not_accepted: () => "Accept the studio's terms of sale (acceptTerms: true) to buy",
} as const satisfies Record<string, (params: never) => string>;

export type RuleCode = keyof typeof RULES;
export type RuleParams<C extends RuleCode> = Parameters<(typeof RULES)[C]>[0];
export const RULE_CODES = Object.keys(RULES) as RuleCode[];
/** The rules whose sentence needs no values. */
export type PlainRuleCode = { [C in RuleCode]: RuleParams<C> extends undefined ? C : never }[RuleCode];

export type DetailCode = ZodIssueCode | RuleCode;
export type DetailParams = Record<string, string | number | boolean | (string | number | boolean | null)[] | null>;
export type ErrorDetail = { path: string; message: string; code: DetailCode; params?: DetailParams };

/** The values a rule's sentence needs, spread as arguments: none for a rule that needs none. */
type ParamsArgs<C extends RuleCode> = RuleParams<C> extends undefined ? [] : [params: RuleParams<C>];

/** A detail of a rule of ours, for a domain function's 400. */
export function ruleDetail<C extends RuleCode>(path: string, code: C, ...[params]: ParamsArgs<C>): ErrorDetail {
  const message = (RULES[code] as (params: unknown) => string)(params);
  return params === undefined ? { path, message, code } : { path, message, code, params: params as DetailParams };
}

/**
 * A rule of ours inside a schema: the options of `.refine(check, ruleIssue(code))` and, with `code:
 * "custom"` and a path, of `context.addIssue`. zod carries `params` to the issue; issueDetails reads it.
 */
export function ruleIssue<C extends RuleCode>(
  code: C,
  ...[params]: ParamsArgs<C>
): { message: string; params: { code: C } & DetailParams } {
  const message = (RULES[code] as (params: unknown) => string)(params);
  return { message, params: { ...(params as DetailParams | undefined), code } };
}

/** The fields of zod's issues that name what the sentence needs (never the input, nor a regex). */
const ZOD_PARAMS = ["origin", "minimum", "maximum", "inclusive", "expected", "format", "values", "keys", "divisor"];

const isRuleCode = (code: unknown): code is RuleCode => typeof code === "string" && Object.hasOwn(RULES, code);

function paramValue(value: unknown): DetailParams[string] | undefined {
  if (Array.isArray(value)) {
    const items = value.filter((item) => item === null || ["string", "number", "boolean"].includes(typeof item));
    return items as (string | number | boolean | null)[];
  }
  if (typeof value === "bigint") return Number(value);
  if (value === null || ["string", "number", "boolean"].includes(typeof value))
    return value as string | number | boolean;
  return undefined;
}

/** What a value is, in zod's words: "undefined", "null", "string", "number", "array", "object", … */
function receivedType(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (typeof input === "number" && Number.isNaN(input)) return "NaN";
  return typeof input;
}

function issueDetail(issue: z.core.$ZodIssue): ErrorDetail {
  const path = issue.path.join(".");
  if (issue.code === "custom") {
    const { code, ...params } = (issue.params ?? {}) as Record<string, unknown>;
    if (!isRuleCode(code)) return { path, message: issue.message, code: "custom" };
    return Object.keys(params).length > 0
      ? { path, message: issue.message, code, params: params as DetailParams }
      : { path, message: issue.message, code };
  }
  const params: DetailParams = {};
  for (const name of ZOD_PARAMS) {
    const value = paramValue((issue as unknown as Record<string, unknown>)[name]);
    if (value !== undefined) params[name] = value;
  }
  if (issue.code === "invalid_type" && "input" in issue) params.received = receivedType(issue.input);
  return { path, message: issue.message, code: issue.code, params };
}

/**
 * A zod error as the details of a 400. Parse with `{ reportInput: true }` (REPORT_INPUT) so that an
 * `invalid_type` detail can say what it received (a field left out reads "required" on a page).
 */
export function issueDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map(issueDetail);
}

export const REPORT_INPUT = { reportInput: true } as const;
