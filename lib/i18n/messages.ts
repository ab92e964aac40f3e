import daAuth from "./messages/da/auth.json";
import daBookings from "./messages/da/bookings.json";
import daPublicClass from "./messages/da/public-class.json";
import daDashboard from "./messages/da/dashboard.json";
import daDashboardCalendar from "./messages/da/dashboard-calendar.json";
import daDashboardSales from "./messages/da/dashboard-sales.json";
import daDashboardEvents from "./messages/da/dashboard-events.json";
import daDashboardPeople from "./messages/da/dashboard-people.json";
import daDashboardStaff from "./messages/da/dashboard-staff.json";
import daDashboardApiKeys from "./messages/da/dashboard-api-keys.json";
import daDashboardWebhooks from "./messages/da/dashboard-webhooks.json";
import daEmails from "./messages/da/emails.json";
import daPublic from "./messages/da/public.json";
import daReceipts from "./messages/da/receipts.json";
import daSchedule from "./messages/da/schedule.json";
import daSettings from "./messages/da/settings.json";
import daSite from "./messages/da/site.json";
import daStatuses from "./messages/da/statuses.json";
import daHousehold from "./messages/da/household.json";
import daPurchaseRights from "./messages/da/purchase-rights.json";
import daWithdrawalPages from "./messages/da/withdrawal-pages.json";
import daTerms from "./messages/da/terms.json";
import daWithdrawals from "./messages/da/withdrawals.json";
import daGiftCardNotices from "./messages/da/gift-card-notices.json";
import daGiftCardEmails from "./messages/da/gift-card-emails.json";
import daGiftCardBooks from "./messages/da/gift-card-books.json";
import daGiftCardPages from "./messages/da/gift-card-pages.json";
import enAuth from "./messages/en/auth.json";
import enBookings from "./messages/en/bookings.json";
import enPublicClass from "./messages/en/public-class.json";
import enDashboard from "./messages/en/dashboard.json";
import enDashboardCalendar from "./messages/en/dashboard-calendar.json";
import enDashboardSales from "./messages/en/dashboard-sales.json";
import enDashboardEvents from "./messages/en/dashboard-events.json";
import enDashboardPeople from "./messages/en/dashboard-people.json";
import enDashboardStaff from "./messages/en/dashboard-staff.json";
import enDashboardApiKeys from "./messages/en/dashboard-api-keys.json";
import enDashboardWebhooks from "./messages/en/dashboard-webhooks.json";
import enEmails from "./messages/en/emails.json";
import enPublic from "./messages/en/public.json";
import enReceipts from "./messages/en/receipts.json";
import enSchedule from "./messages/en/schedule.json";
import enSettings from "./messages/en/settings.json";
import enSite from "./messages/en/site.json";
import enStatuses from "./messages/en/statuses.json";
import enHousehold from "./messages/en/household.json";
import enPurchaseRights from "./messages/en/purchase-rights.json";
import enWithdrawalPages from "./messages/en/withdrawal-pages.json";
import enTerms from "./messages/en/terms.json";
import enWithdrawals from "./messages/en/withdrawals.json";
import enGiftCardNotices from "./messages/en/gift-card-notices.json";
import enGiftCardEmails from "./messages/en/gift-card-emails.json";
import enGiftCardBooks from "./messages/en/gift-card-books.json";
import enGiftCardPages from "./messages/en/gift-card-pages.json";
import type { Locale } from "./locales";

// One file per area and language (lib/i18n/messages/<language>/<area>.json), each holding whole
// namespaces; English is the reference: the other catalogue has the same keys (messages.test.ts).
const en = {
  ...enSite,
  ...enSchedule,
  ...enPublicClass,
  ...enBookings,
  ...enPublic,
  ...enAuth,
  ...enDashboard,
  ...enDashboardEvents,
  ...enDashboardCalendar,
  ...enDashboardSales,
  ...enDashboardPeople,
  ...enDashboardStaff,
  ...enDashboardApiKeys,
  ...enDashboardWebhooks,
  ...enEmails,
  ...enSettings,
  ...enReceipts,
  ...enStatuses,
  ...enHousehold,
  ...enPurchaseRights,
  ...enWithdrawalPages,
  ...enTerms,
  ...enWithdrawals,
  ...enGiftCardNotices,
  ...enGiftCardEmails,
  ...enGiftCardBooks,
  ...enGiftCardPages,
};
const da: typeof en = {
  ...daSite,
  ...daSchedule,
  ...daPublicClass,
  ...daBookings,
  ...daPublic,
  ...daAuth,
  ...daDashboard,
  ...daDashboardEvents,
  ...daDashboardCalendar,
  ...daDashboardSales,
  ...daDashboardPeople,
  ...daDashboardStaff,
  ...daDashboardApiKeys,
  ...daDashboardWebhooks,
  ...daEmails,
  ...daSettings,
  ...daReceipts,
  ...daStatuses,
  ...daHousehold,
  ...daPurchaseRights,
  ...daWithdrawalPages,
  ...daTerms,
  ...daWithdrawals,
  ...daGiftCardNotices,
  ...daGiftCardEmails,
  ...daGiftCardBooks,
  ...daGiftCardPages,
};

export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = { da, en };

export function messagesOf(locale: Locale): Messages {
  return MESSAGES[locale];
}
