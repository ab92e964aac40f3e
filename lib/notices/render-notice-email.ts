// Runs in the email worker threads (lib/email/email-worker.ts): nothing here needs the app's bundle.
import type { EmailMessage } from "@/lib/email/transport";
import { renderCourseIncompleteEmail } from "@/lib/email/templates/course-incomplete-email";
import { renderInstalmentFailedEmail } from "@/lib/email/templates/instalment-failed-email";
import { renderMembershipPastDueEmail } from "@/lib/email/templates/membership-past-due-email";
import { renderImportWelcomeEmail } from "@/lib/email/templates/import-welcome-email";
import { renderPassExpiringEmail } from "@/lib/email/templates/pass-expiring-email";
import { renderPassOneLeftEmail } from "@/lib/email/templates/pass-one-left-email";
import { renderStandingNoPassEmail } from "@/lib/email/templates/standing-no-pass-email";
import { renderStrikeBlockEmail } from "@/lib/email/templates/strike-block-email";
import { renderMembershipCancelledEmail } from "@/lib/email/templates/membership-cancelled-email";
import { renderWebhookDisabledEmail } from "@/lib/email/templates/webhook-disabled-email";
import { renderWithdrawalReceivedEmail } from "@/lib/email/templates/withdrawal-received-email";
import { renderGiftCardPayoutRequestedEmail } from "@/lib/email/templates/gift-card-payout-requested-email";
import { formatDate, formatDateTime, formatLastDay } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { formatLocaleOf } from "@/lib/i18n/format-locale";
import { emailLocale } from "@/lib/i18n/locales";
import type { NoticeEmailFacts } from "./notice-email-facts";

/** The email of one notice: in the recipient's language (else the studio's), dates in the studio's zone and format. */
export async function renderNoticeEmail(facts: NoticeEmailFacts): Promise<EmailMessage> {
  const where = { locale: facts.locale, zone: facts.timezone };
  const common = {
    locale: emailLocale({ recipient: facts.recipientLocale, studioLocaleTag: facts.locale }),
    recipientName: facts.recipientName,
    accountName: facts.accountName,
  };
  const buyUrl = `${facts.appUrl}/${encodeURIComponent(facts.accountSlug)}/passes`;
  const message = await (() => {
    switch (facts.kind) {
      case "pass_one_left":
        return renderPassOneLeftEmail({
          ...common,
          productName: facts.productName,
          validUntil: facts.validUntil && formatDateTime(facts.validUntil, where),
          buyUrl,
        });
      case "pass_expiring":
        if (!facts.validUntil) throw new TypeError("an expiring pass has an end");
        return renderPassExpiringEmail({
          ...common,
          productName: facts.productName,
          validUntil: formatDateTime(facts.validUntil, where),
          validUntilDay: formatDate(facts.validUntil, where),
          remainingClasses: facts.remainingClasses,
          buyUrl,
        });
      case "webhook_disabled":
        return renderWebhookDisabledEmail({
          ...common,
          webhookHost: facts.webhookHost,
          failingSince: facts.failingSince && formatDateTime(facts.failingSince, where),
          dashboardUrl: `${facts.appUrl}/dashboard/webhooks`,
        });
      case "import_welcome":
        return renderImportWelcomeEmail({ ...common, signInUrl: facts.signInUrl });
      case "course_incomplete":
        return renderCourseIncompleteEmail({
          ...common,
          productName: facts.productName,
          buyerName: facts.buyerName,
          classesMissing: facts.classesMissing,
          personUrl: `${facts.appUrl}/dashboard/users/${encodeURIComponent(facts.buyerId)}`,
        });
      case "standing_no_pass":
        return renderStandingNoPassEmail({ ...common, classTitle: facts.classTitle, buyUrl });
      case "instalment_failed":
        return renderInstalmentFailedEmail({
          ...common,
          audience: facts.toBuyer ? "buyer" : "studio",
          productName: facts.productName,
          buyerName: facts.buyerName,
          instalment: facts.instalment,
          instalments: facts.instalments,
          amount: formatMoney(facts.amount, facts.currency, facts.locale),
          url: facts.toBuyer
            ? `${facts.appUrl}/${encodeURIComponent(facts.accountSlug)}`
            : `${facts.appUrl}/dashboard/users/${encodeURIComponent(facts.buyerId)}`,
        });
      case "membership_past_due":
        return renderMembershipPastDueEmail({
          ...common,
          audience: facts.toMember ? "member" : "studio",
          productName: facts.productName,
          memberName: facts.memberName,
          graceUntil: formatDate(facts.graceUntil, where),
          url: facts.toMember
            ? `${facts.appUrl}/${encodeURIComponent(facts.accountSlug)}/me`
            : `${facts.appUrl}/dashboard/users/${encodeURIComponent(facts.memberId)}`,
        });
      case "strike_block":
        return renderStrikeBlockEmail({
          ...common,
          blockedUntil: formatDateTime(facts.blockedUntil, where),
          scheduleUrl: `${facts.appUrl}/${encodeURIComponent(facts.accountSlug)}`,
        });
      case "withdrawal_received": {
        // the reader's words in the studio's conventions, as the withdrawal's basis is written
        const readers = { ...where, locale: formatLocaleOf(common.locale, facts.locale) };
        return renderWithdrawalReceivedEmail({
          ...common,
          receivedAt: formatDateTime(facts.receivedAt, readers),
          productName: facts.productName,
          receiptNumber: facts.receiptNumber,
          usedAmount: formatMoney(facts.usedAmount, facts.currency, readers.locale),
          refundAmount: formatMoney(facts.refundAmount, facts.currency, readers.locale),
          basis: facts.basis,
          studioUrl: `${facts.appUrl}/${encodeURIComponent(facts.accountSlug)}`,
        });
      }
      case "membership_cancelled":
        return renderMembershipCancelledEmail({
          ...common,
          productName: facts.productName,
          lastDay: formatLastDay(facts.endsAt, where),
          url: `${facts.appUrl}/${encodeURIComponent(facts.accountSlug)}/me`,
        });
      case "gift_card_payout_requested":
        return renderGiftCardPayoutRequestedEmail({
          ...common,
          holderName: facts.holderName,
          last4: facts.last4,
          amount: formatMoney(facts.amount, facts.currency, facts.locale),
          cardUrl: `${facts.appUrl}/dashboard/gift-cards/${encodeURIComponent(facts.giftCardId)}`,
        });
      default: // a row written by raw SQL with a kind this code does not know
        throw new TypeError("unknown notice email kind");
    }
  })();
  return { to: facts.recipientEmail, ...message };
}
