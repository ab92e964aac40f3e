import type { DetailParams, ErrorDetail, RuleCode } from "@/lib/error-details";
import { formatLocalDate } from "@/lib/format/dates";
import type { Translator } from "@/lib/i18n/translator";
/** A param as written in the detail: numbers as the schema writes them (10080, not 10.080). */
const param = (params: DetailParams | undefined, name: string) => String(params?.[name] ?? "");

/**
 * Our rules in the reader's words: one entry per code (the compiler holds it complete), each a
 * literal key of the FieldErrors catalogue, so messages.test.ts sees it.
 */
function ruleMessages(t: Translator<"FieldErrors">, p: DetailParams | undefined, day: (name: string) => string) {
  const messages: Record<RuleCode, () => string> = {
    required: () => t("required"),
    unstorable_text: () => t("unstorable_text"),
    year_out_of_range: () => t("year_out_of_range", { minimum: param(p, "minimum"), maximum: param(p, "maximum") }),
    date_or_instant: () => t("date_or_instant"),
    json_malformed: () => t("json_malformed"),
    json_too_deep: () => t("json_too_deep"),
    value_not_storable: () => t("value_not_storable"),
    idempotency_key_length: () => t("idempotency_key_length"),
    cursor_invalid: () => t("cursor_invalid"),
    cursor_without_limit: () => t("cursor_without_limit"),
    range_end_not_after_start: () => t("range_end_not_after_start"),
    range_too_long: () => t("range_too_long", { maximum: param(p, "maximum") }),
    period_too_long: () => t("period_too_long", { maximum: param(p, "maximum") }),
    locale_malformed: () => t("locale_malformed"),
    accent_color: () => t("accent_color"),
    logo_url_https: () => t("logo_url_https"),
    website_url: () => t("website_url"),
    vat_rate_precision: () => t("vat_rate_precision"),
    card_required: () => t("card_required"),
    dinero_organization_id: () => t("dinero_organization_id"),
    dinero_credentials_rejected: () => t("dinero_credentials_rejected"),
    merchant_serial_number: () => t("merchant_serial_number"),
    mobilepay_memberships_only: () => t("mobilepay_memberships_only"),
    payment_method_unavailable: () => t("payment_method_unavailable", { currency: param(p, "currency") }),
    currency_mismatch: () => t("currency_mismatch", { currency: param(p, "currency") }),
    birth_date_too_early: () => t("birth_date_too_early", { minimum: day("minimum") }),
    birth_date_in_future: () => t("birth_date_in_future"),
    nothing_to_change: () => t("nothing_to_change"),
    dependant_nothing_to_change: () => t("dependant_nothing_to_change"),
    guest_with_attendee: () => t("guest_with_attendee"),
    email_taken: () => t("email_taken"),
    email_shared: () => t("email_shared"),
    phone_shared: () => t("phone_shared"),
    last_administrator: () => t("last_administrator"),
    product_unknown: () => t("product_unknown"),
    event_unknown: () => t("event_unknown"),
    teacher_unknown: () => t("teacher_unknown"),
    location_unknown: () => t("location_unknown"),
    group_unknown: () => t("group_unknown"),
    groups_required: () => t("groups_required"),
    price_unknown: () => t("price_unknown"),
    listed_twice: () => t("listed_twice"),
    events_repeat: () => t("events_repeat"),
    url_not_https: () => t("url_not_https"),
    url_has_credentials: () => t("url_has_credentials"),
    url_not_public: () => t("url_not_public"),
    discount_both: () => t("discount_both"),
    discount_required: () => t("discount_required"),
    currency_required: () => t("currency_required"),
    currency_without_amount: () => t("currency_without_amount"),
    max_age_below_min_age: () => t("max_age_below_min_age"),
    interval_count_without_interval: () => t("interval_count_without_interval"),
    billing_period_too_long: () => t("billing_period_too_long"),
    class_allowance_required: () => t("class_allowance_required"),
    course_type_only: () => t("course_type_only"),
    interval_required: () => t("interval_required"),
    interval_not_allowed: () => t("interval_not_allowed"),
    instalments_course_only: () => t("instalments_course_only"),
    price_required: () => t("price_required"),
    gift_card_only: () => t("gift_card_only"),
    custom_amount_range: () => t("custom_amount_range"),
    gift_card_amount_positive: () => t("gift_card_amount_positive"),
    price_or_amount: () => t("price_or_amount"),
    custom_amount_not_offered: () => t("custom_amount_not_offered"),
    custom_amount_bounds: () => t("custom_amount_bounds"),
    deliver_on_past: () => t("deliver_on_past"),
    deliver_on_too_far: () => t("deliver_on_too_far"),
    gift_card_payout_until: () => t("gift_card_payout_until", { payoutUntil: day("payoutUntil") }),
    gift_card_checkout_only: () => t("gift_card_checkout_only"),
    season_end_not_after_start: () => t("season_end_not_after_start"),
    ends_required: () => t("ends_required"),
    series_end_before_start: () => t("series_end_before_start"),
    series_too_long: () => t("series_too_long", { years: param(p, "years") }),
    occurrences_too_many: () => t("occurrences_too_many", { maximum: param(p, "maximum") }),
    weekday_required: () => t("weekday_required"),
    series_end_choice_required: () => t("series_end_choice_required"),
    weekdays_weekly_only: () => t("weekdays_weekly_only"),
    weekdays_repeat: () => t("weekdays_repeat"),
    weekdays_invalid: () => t("weekdays_invalid"),
    month_day_monthly_only: () => t("month_day_monthly_only"),
    month_day_invalid: () => t("month_day_invalid"),
    frequency_invalid: () => t("frequency_invalid"),
    interval_invalid: () => t("interval_invalid"),
    duration_invalid: () => t("duration_invalid"),
    count_invalid: () => t("count_invalid"),
    time_invalid: () => t("time_invalid"),
    quiet_hours_empty: () => t("quiet_hours_empty"),
    date_invalid: () => t("date_invalid"),
    timezone_unknown: () => t("timezone_unknown"),
    pause_end_not_after_start: () => t("pause_end_not_after_start"),
    pause_too_long: () => t("pause_too_long", { maximum: param(p, "maximum") }),
    pause_overlaps: () => t("pause_overlaps", { from: day("from"), until: day("until") }),
    pause_not_ended: () => t("pause_not_ended", { from: day("from"), until: day("until") }),
    pause_after_end: () => t("pause_after_end"),
    amount_invalid: () => t("amount_invalid"),
    amount_whole: () => t("amount_whole", { currency: param(p, "currency") }),
    amount_decimals: () => t("amount_decimals", { digits: param(p, "digits"), currency: param(p, "currency") }),
    amount_too_large: () => t("amount_too_large"),
    percent_invalid: () => t("percent_invalid"),
    date_required: () => t("date_required"),
    date_time_required: () => t("date_time_required"),
    class_required: () => t("class_required"),
    import_empty: () => t("import_empty"),
    import_no_header: () => t("import_no_header"),
    import_field_unmapped: () => t("import_field_unmapped", { field: param(p, "field") }),
    import_columns_mismatch: () => t("import_columns_mismatch"),
    terms_not_accepted: () => t("terms_not_accepted"),
    import_field_not_of_kind: () => t("import_field_not_of_kind"),
    import_too_many_columns: () => t("import_too_many_columns", { maximum: param(p, "maximum") }),
    import_malformed: () => t("import_malformed", { line: param(p, "line") }),
    import_line_too_long: () =>
      t("import_line_too_long", { line: param(p, "line"), maximum: Math.floor(Number(param(p, "maximum")) / 1024) }),
  };
  return messages;
}

/** zod's checks in the reader's words, from the issue code and what it names (origin, format, bounds). */
function zodMessage(t: Translator<"FieldErrors">, code: string, p: DetailParams | undefined): string | undefined {
  const origin = p?.origin;
  const exclusive = p?.inclusive === false;
  const minimum = () => ({ minimum: param(p, "minimum") });
  const maximum = () => ({ maximum: param(p, "maximum") });
  switch (code) {
    case "invalid_type":
      if (p?.received === "undefined" || p?.received === "null") return t("required");
      if (p?.expected === "int") return t("invalid_type_int");
      if (p?.expected === "number") return t("invalid_type_number");
      return t("invalid");
    case "too_small":
      if (origin === "string") return p?.minimum === 1 ? t("required") : t("too_small_string", minimum());
      if (origin === "number" || origin === "int" || origin === "bigint")
        return exclusive ? t("too_small_number_exclusive", minimum()) : t("too_small_number", minimum());
      if (origin === "array" || origin === "set")
        return p?.minimum === 1 ? t("too_small_array_one") : t("too_small_array", minimum());
      return t("invalid");
    case "too_big":
      if (origin === "string") return t("too_big_string", maximum());
      if (origin === "number" || origin === "int" || origin === "bigint")
        return exclusive ? t("too_big_number_exclusive", maximum()) : t("too_big_number", maximum());
      if (origin === "array" || origin === "set") return t("too_big_array", maximum());
      return t("invalid");
    case "invalid_format":
      if (p?.format === "email") return t("invalid_format_email");
      if (p?.format === "url") return t("invalid_format_url");
      if (p?.format === "date") return t("invalid_format_date");
      if (p?.format === "datetime") return t("invalid_format_datetime");
      if (p?.format === "time") return t("invalid_format_time");
      return t("invalid_format");
    case "invalid_value":
      return t("invalid_value");
    case "not_multiple_of":
      return t("not_multiple_of", { divisor: param(p, "divisor") });
    case "unrecognized_keys":
      return t("unrecognized_keys");
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return t("invalid");
    default:
      return undefined;
  }
}

/**
 * A 400 detail as a form shows it: its code and params through `t`, the FieldErrors catalogue of the
 * page's language (a server's translatorFor, a client component's useTranslations), dates as `locale` writes a day.
 */
export function detailInWords(detail: ErrorDetail, t: Translator<"FieldErrors">, locale: string): string {
  // Dates in params are ISO days ("2026-07-01"), shown as the page's language writes a day.
  const day = (name: string) => {
    const value = detail.params?.[name];
    return typeof value === "string" ? formatLocalDate(value, { zone: "UTC", locale }) : "";
  };
  const rules = ruleMessages(t, detail.params, day) as Record<string, (() => string) | undefined>;
  return rules[detail.code]?.() ?? zodMessage(t, detail.code, detail.params) ?? t("invalid");
}
