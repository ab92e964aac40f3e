import type { ErrorCode } from "@/lib/errors";
import type { Locale } from "./locales";
import { translatorFor } from "./translator";

/**
 * An error as a page tells it, in the page's language. The API answers the contract's English
 * messages (lib/errors.ts); the English catalogue says the same words (error-messages.test.ts).
 */
export function errorMessageIn(locale: Locale, code: ErrorCode): string {
  const t = translatorFor(locale, "Errors");
  // One entry per code (the compiler holds it complete), each a literal key that messages.test.ts sees.
  const messages: Record<ErrorCode, () => string> = {
    validation_failed: () => t("validationFailed"),
    invalid_signature: () => t("invalidSignature"),
    authentication_required: () => t("authenticationRequired"),
    magic_link_invalid: () => t("magicLinkInvalid"),
    insufficient_permission: () => t("insufficientPermission"),
    not_found: () => t("notFound"),
    demo_disabled: () => t("demoDisabled"),
    method_not_allowed: () => t("methodNotAllowed"),
    email_registered: () => t("emailRegistered"),
    already_participant: () => t("alreadyParticipant"),
    own_membership: () => t("ownMembership"),
    sole_administrator: () => t("soleAdministrator"),
    person_in_other_studio: () => t("personInOtherStudio"),
    request_in_progress: () => t("requestInProgress"),
    instance_cancelled: () => t("instanceCancelled"),
    instance_in_past: () => t("instanceInPast"),
    instance_not_restorable: () => t("instanceNotRestorable"),
    purchase_limit_reached: () => t("purchaseLimitReached"),
    not_eligible_for_price: () => t("notEligibleForPrice"),
    newcomers_only: () => t("newcomersOnly"),
    promo_code_exists: () => t("promoCodeExists"),
    promo_code_invalid: () => t("promoCodeInvalid"),
    payments_not_set_up: () => t("paymentsNotSetUp"),
    mobilepay_not_set_up: () => t("mobilepayNotSetUp"),
    payments_in_demo_mode: () => t("paymentsInDemoMode"),
    order_not_refundable: () => t("orderNotRefundable"),
    refund_exceeds_paid: () => t("refundExceedsPaid"),
    refund_exceeds_classes: () => t("refundExceedsClasses"),
    withdrawal_period_ended: () => t("withdrawalPeriodEnded"),
    no_withdrawal_right: () => t("noWithdrawalRight"),
    already_withdrawn: () => t("alreadyWithdrawn"),
    instance_not_bookable: () => t("instanceNotBookable"),
    booking_closed: () => t("bookingClosed"),
    already_booked: () => t("alreadyBooked"),
    booking_blocked: () => t("bookingBlocked"),
    instance_full: () => t("instanceFull"),
    guests_not_allowed: () => t("guestsNotAllowed"),
    too_many_guests: () => t("tooManyGuests"),
    course_full: () => t("courseFull"),
    enrolment_closed: () => t("enrolmentClosed"),
    standing_bookings_off: () => t("standingBookingsOff"),
    booking_already_cancelled: () => t("bookingAlreadyCancelled"),
    booking_not_waitlisted: () => t("bookingNotWaitlisted"),
    booking_has_no_offer: () => t("bookingHasNoOffer"),
    offer_expired: () => t("offerExpired"),
    booking_not_confirmed: () => t("bookingNotConfirmed"),
    class_not_started: () => t("classNotStarted"),
    class_already_started: () => t("classAlreadyStarted"),
    no_valid_entitlement: () => t("noValidEntitlement"),
    not_a_subscription: () => t("notASubscription"),
    not_paused: () => t("notPaused"),
    membership_ended: () => t("membershipEnded"),
    import_not_in_preview: () => t("importNotInPreview"),
    import_not_committed: () => t("importNotCommitted"),
    payload_too_large: () => t("payloadTooLarge"),
    idempotency_key_reused: () => t("idempotencyKeyReused"),
    too_many_requests: () => t("tooManyRequests"),
    database_unavailable: () => t("databaseUnavailable"),
    internal: () => t("internal"),
    service_unavailable: () => t("serviceUnavailable"),
  };
  return messages[code]();
}
