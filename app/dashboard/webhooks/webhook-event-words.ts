import { useTranslations } from "next-intl";
import type { WebhookEventType } from "@/lib/webhooks/webhook-events";

export type EventWords = { label: string; explanation: string };

/** Each event an endpoint may subscribe to, in words: a short name and what sends it. */
export function useWebhookEventWords(): Record<WebhookEventType, EventWords> {
  const t = useTranslations("WebhookEvents");
  return {
    "booking.created": { label: t("bookingCreated"), explanation: t("bookingCreatedExplanation") },
    "booking.cancelled": { label: t("bookingCancelled"), explanation: t("bookingCancelledExplanation") },
    "instance.cancelled": { label: t("instanceCancelled"), explanation: t("instanceCancelledExplanation") },
    "instance.moved": { label: t("instanceMoved"), explanation: t("instanceMovedExplanation") },
    "order.paid": { label: t("orderPaid"), explanation: t("orderPaidExplanation") },
    "order.refunded": { label: t("orderRefunded"), explanation: t("orderRefundedExplanation") },
  };
}
