import { getTranslations } from "next-intl/server";
import type { ShownPause } from "@/lib/commerce/entitlement-pause";

/**
 * The words for a booking's, a pass's and an order's status, a booking's attendance and a pass's
 * pause ("Paused, back on 15 March") in the page's language: the one place the dashboard and the
 * public site take them from. An unknown status (newer than this code) is shown as stored.
 */
export async function getStatusWords() {
  const t = await getTranslations("Statuses");
  const booking: Record<string, string> = {
    confirmed: t("bookingConfirmed"),
    waitlisted: t("bookingWaitlisted"),
    cancelled: t("bookingCancelled"),
    late_cancelled: t("bookingLateCancelled"),
    cancelled_by_studio: t("bookingCancelledByStudio"),
    refunded: t("bookingRefunded"),
  };
  const pass: Record<string, string> = {
    active: t("passActive"),
    exhausted: t("passExhausted"),
    expired: t("passExpired"),
    revoked: t("passRevoked"),
  };
  const order: Record<string, string> = {
    paid: t("orderPaid"),
    pending: t("orderPending"),
    failed: t("orderFailed"),
    refunded: t("orderRefunded"),
  };
  const attendance: Record<string, string> = { attended: t("attended"), no_show: t("noShow") };
  return {
    booking: (status: string) => booking[status] ?? status,
    pass: (status: string) => pass[status] ?? status,
    order: (status: string) => order[status] ?? status,
    /** The order statuses in the order a filter offers them. */
    orderStatuses: ["paid", "refunded", "pending", "failed"].map((status) => ({
      value: status,
      label: order[status]!,
    })),
    attendance: (value: string) => attendance[value] ?? value,
    /** A running or coming pause (runningOrComingPause) in words; `formatDay` shows a `YYYY-MM-DD`. */
    pause: (pause: ShownPause, formatDay: (isoDate: string) => string) =>
      pause.running
        ? t("pausedBackOn", { date: formatDay(pause.until) })
        : t("pauseFromTo", { from: formatDay(pause.from), until: formatDay(pause.until) }),
  };
}

export type StatusWords = Awaited<ReturnType<typeof getStatusWords>>;
