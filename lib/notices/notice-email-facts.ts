// What a notice email says, as it stands when it is sent. Shared by the drain (which reads it from
// the database) and the email worker (which renders it): types only.

export type NoticeEmailKind =
  | "pass_one_left"
  | "pass_expiring"
  | "webhook_disabled"
  | "import_welcome"
  | "course_incomplete"
  | "standing_no_pass"
  | "instalment_failed"
  | "membership_past_due"
  | "strike_block"
  | "withdrawal_received"
  | "membership_cancelled"
  | "gift_card_payout_requested";

type Recipient = {
  recipientEmail: string;
  recipientName: string;
  /** The recipient's own choice of language (`da`, `en`), or null: the studio's then. */
  recipientLocale: string | null;
  accountName: string;
  accountSlug: string;
  /** The studio's locale tag: dates follow it. */
  locale: string;
  timezone: string;
  /** The public origin (APP_URL), for the email's links. */
  appUrl: string;
};

export type PassNoticeFacts = Recipient & {
  kind: "pass_one_left" | "pass_expiring";
  productName: string;
  /** Classes left; null: unlimited (a membership). */
  remainingClasses: number | null;
  validUntil: Date | null;
};

export type WebhookDisabledFacts = Recipient & {
  kind: "webhook_disabled";
  /** The endpoint's host only: its path or query may hold a token of the integrator's. */
  webhookHost: string;
  /** The first failure of the run that disabled it. */
  failingSince: Date | null;
};

/** A person an import brought from the studio's former system: the studio now takes bookings here. */
export type ImportWelcomeFacts = Recipient & { kind: "import_welcome"; signInUrl: string };

/** To an administrator: a course was paid for after it filled up, so its buyer is not in every class. */
export type CourseIncompleteFacts = Recipient & {
  kind: "course_incomplete";
  productName: string;
  buyerId: string;
  buyerName: string;
  /** Classes of the course ahead the buyer holds no place in, as the email is sent. */
  classesMissing: number;
};

/** To a member with a standing place: a class of it was not booked for lack of a usable pass. */
export type StandingNoPassFacts = Recipient & { kind: "standing_no_pass"; classTitle: string };

/** To the buyer and each administrator: an instalment of a price paid in instalments could not be taken. */
export type InstalmentFailedFacts = Recipient & {
  kind: "instalment_failed";
  /** Whether the recipient is the buyer (else an administrator of the studio). */
  toBuyer: boolean;
  productName: string;
  buyerId: string;
  buyerName: string;
  instalment: number;
  instalments: number;
  amount: number;
  currency: string;
};

/** To the member and each administrator: a MobilePay membership's renewal failed; usable until `graceUntil`. */
export type MembershipPastDueFacts = Recipient & {
  kind: "membership_past_due";
  /** Whether the recipient is the member (else an administrator of the studio). */
  toMember: boolean;
  productName: string;
  memberId: string;
  memberName: string;
  graceUntil: Date;
};

/** To a member: their strikes started a block on booking (lib/strikes), until `blockedUntil` as the email is sent. */
export type StrikeBlockFacts = Recipient & { kind: "strike_block"; blockedUntil: Date };

/** To the buyer: their withdrawal was received (lib/withdrawals), in the language they withdrew in. */
export type WithdrawalReceivedFacts = Recipient & {
  kind: "withdrawal_received";
  receivedAt: Date;
  productName: string;
  receiptNumber: number | null;
  usedAmount: number;
  refundAmount: number;
  currency: string;
  basis: string;
};

export type NoticeEmailFacts =
  | PassNoticeFacts
  | WebhookDisabledFacts
  | ImportWelcomeFacts
  | CourseIncompleteFacts
  | StandingNoPassFacts
  | InstalmentFailedFacts
  | MembershipPastDueFacts
  | StrikeBlockFacts
  | WithdrawalReceivedFacts
  | MembershipCancelledFacts
  | GiftCardPayoutRequestedFacts;

/**
 * To the studio (its contact email, else each administrator), in its language: a card's holder asked
 * for its balance paid out (lib/gift-cards/request-gift-card-payout.ts).
 */
export type GiftCardPayoutRequestedFacts = Recipient & {
  kind: "gift_card_payout_requested";
  giftCardId: string;
  holderName: string;
  last4: string;
  /** What can be paid out as the email is sent: the balance, or what expired on an expired card. */
  amount: number;
  currency: string;
};

/** To the member: their membership is cancelled (FAL §28 a), and the last day it may be used. */
export type MembershipCancelledFacts = Recipient & {
  kind: "membership_cancelled";
  productName: string;
  /** When it ends: the first moment it is no longer usable (its `cancelAt`). */
  endsAt: Date;
};
