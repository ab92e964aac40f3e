// The words of an import's kinds, sources, statuses, fields and row remarks, in a page's language:
// the import pages and the CSV of the rows with errors (export-invalid-rows.ts) say the same.
import type { Translator } from "@/lib/i18n/translator";

/** Each a literal key of ImportSettings. */
export function importWordsOf(t: Translator<"ImportSettings">) {
  return {
    kinds: {
      people: t("kind_people"),
      passes: t("kind_passes"),
      memberships: t("kind_memberships"),
      bookings: t("kind_bookings"),
    } as Record<string, string>,
    sources: {
      mindbody: t("source_mindbody"),
      momence: t("source_momence"),
      bsport: t("source_bsport"),
      generic: t("source_generic"),
    } as Record<string, string>,
    statuses: {
      previewed: t("status_previewed"),
      committing: t("status_committing"),
      committed: t("status_committed"),
      failed: t("status_failed"),
    } as Record<string, string>,
    fields: {
      email: t("field_email"),
      displayName: t("field_displayName"),
      firstName: t("field_firstName"),
      lastName: t("field_lastName"),
      phone: t("field_phone"),
      dateOfBirth: t("field_dateOfBirth"),
      notes: t("field_notes"),
      product: t("field_product"),
      remainingClasses: t("field_remainingClasses"),
      validUntil: t("field_validUntil"),
      validFrom: t("field_validFrom"),
      nextRenewal: t("field_nextRenewal"),
      price: t("field_price"),
      date: t("field_date"),
      time: t("field_time"),
      class: t("field_class"),
    } as Record<string, string>,
    reasons: {
      required: t("reason_required"),
      invalid_email: t("reason_invalid_email"),
      invalid_date: t("reason_invalid_date"),
      invalid_number: t("reason_invalid_number"),
      invalid_time: t("reason_invalid_time"),
      duplicate: t("reason_duplicate"),
      too_long: t("reason_too_long"),
      unknown_person: t("reason_unknown_person"),
      unknown_product: t("reason_unknown_product"),
      unknown_price: t("reason_unknown_price"),
      unknown_class: t("reason_unknown_class"),
      class_full: t("reason_class_full"),
      expired: t("reason_expired"),
      kept_existing: t("reason_kept_existing"),
    } as Record<string, string>,
    rowStatuses: (count: Record<"invalid" | "valid" | "unchanged", number>) => ({
      invalid: t("rowStatus_invalid", { count: count.invalid }),
      valid: t("rowStatus_valid", { count: count.valid }),
      unchanged: t("rowStatus_unchanged", { count: count.unchanged }),
    }),
  };
}

export type ImportWords = ReturnType<typeof importWordsOf>;
