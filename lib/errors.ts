import type { ErrorDetail } from "./error-details";

/**
 * The one error type of the domain. Domain code throws `new AppError("not_found")`; the HTTP layer
 * maps the code to the contract's status and message through ERRORS.
 */
export const ERRORS = {
  validation_failed: { status: 400, message: "Validation failed" },
  invalid_signature: { status: 400, message: "Invalid signature" },
  authentication_required: { status: 401, message: "Authentication required" },
  magic_link_invalid: { status: 401, message: "Magic link is used or expired" },
  insufficient_permission: { status: 403, message: "Insufficient permission" },
  not_found: { status: 404, message: "Resource not found" },
  demo_disabled: { status: 404, message: "Demo authentication is disabled" },
  method_not_allowed: { status: 405, message: "Method not allowed" },
  email_registered: { status: 409, message: "Email already registered" },
  already_participant: { status: 409, message: "User already participates in this account" },
  own_membership: { status: 409, message: "You cannot remove your active membership" },
  sole_administrator: { status: 409, message: "You are the last administrator of a studio" },
  person_in_other_studio: { status: 409, message: "Person belongs to another studio" },
  request_in_progress: { status: 409, message: "Request in progress" },
  instance_cancelled: { status: 409, message: "Instance is cancelled" },
  instance_in_past: { status: 409, message: "Instance cannot start in the past" },
  instance_not_restorable: { status: 409, message: "Instance is not cancelled or moved" },
  purchase_limit_reached: { status: 409, message: "Purchase limit reached" },
  not_eligible_for_price: { status: 409, message: "Not eligible for this price" },
  newcomers_only: { status: 409, message: "Only for new customers" },
  promo_code_exists: { status: 409, message: "Promo code already exists" },
  promo_code_invalid: { status: 409, message: "Promo code is not valid" },
  payments_not_set_up: { status: 409, message: "Payments are not set up for this studio" },
  mobilepay_not_set_up: { status: 409, message: "MobilePay is not set up for this studio" },
  payments_in_demo_mode: { status: 409, message: "Payments run in demo mode" },
  order_not_refundable: { status: 409, message: "Order cannot be refunded" },
  refund_exceeds_paid: { status: 409, message: "Refund exceeds what was paid" },
  refund_exceeds_classes: { status: 409, message: "Refund exceeds the classes left" },
  withdrawal_period_ended: { status: 409, message: "Withdrawal period has ended" },
  no_withdrawal_right: { status: 409, message: "This purchase has no right of withdrawal" },
  already_withdrawn: { status: 409, message: "Purchase already withdrawn" },
  gift_card_not_found: { status: 404, message: "Gift card not found" },
  gift_card_expired: { status: 409, message: "Gift card has expired" },
  gift_card_empty: { status: 409, message: "Gift card has no balance left" },
  gift_card_for_gift_card: { status: 409, message: "Gift cards cannot pay for gift cards" },
  gift_card_payout_ended: { status: 409, message: "Gift card can no longer be paid out" },
  gift_card_payout_exceeds: { status: 409, message: "Payout exceeds the balance" },
  gift_card_spent: { status: 409, message: "Gift card has been spent" },
  instance_not_bookable: { status: 409, message: "Instance is not bookable" },
  booking_closed: { status: 409, message: "Booking is closed" },
  already_booked: { status: 409, message: "Already booked" },
  booking_blocked: { status: 409, message: "Booking is blocked" },
  instance_full: { status: 409, message: "Instance is full" },
  guests_not_allowed: { status: 409, message: "Guests are not allowed" },
  too_many_guests: { status: 409, message: "Too many guests" },
  course_full: { status: 409, message: "Course is full" },
  enrolment_closed: { status: 409, message: "Enrolment is closed" },
  standing_bookings_off: { status: 409, message: "Standing bookings are off" },
  booking_already_cancelled: { status: 409, message: "Booking is already cancelled" },
  booking_not_waitlisted: { status: 409, message: "Booking is not waitlisted" },
  booking_has_no_offer: { status: 409, message: "Booking has no offer" },
  offer_expired: { status: 409, message: "Offer expired" },
  booking_not_confirmed: { status: 409, message: "Booking is not confirmed" },
  class_not_started: { status: 409, message: "Class has not started" },
  class_already_started: { status: 409, message: "Class has already started" },
  no_valid_entitlement: { status: 402, message: "No valid entitlement" },
  not_a_subscription: { status: 409, message: "Entitlement is not a subscription" },
  not_paused: { status: 409, message: "Entitlement is not paused" },
  membership_ended: { status: 409, message: "Membership has ended" },
  import_not_in_preview: { status: 409, message: "Import is not in preview" },
  import_not_committed: { status: 409, message: "Import is not committed" },
  payload_too_large: { status: 413, message: "Payload too large" },
  idempotency_key_reused: { status: 422, message: "Idempotency key reused with a different request" },
  too_many_requests: { status: 429, message: "Too many requests" },
  database_unavailable: { status: 500, message: "Database unavailable" },
  internal: { status: 500, message: "Internal server error" },
  service_unavailable: { status: 503, message: "Service unavailable" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export type { ErrorDetail };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** Seconds, for 429 and 503. */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, options: { details?: ErrorDetail[]; retryAfter?: number } = {}) {
    super(ERRORS[code].message);
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}
