import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { useWebhookEventWords } from "./webhook-event-words";

/** Enabled or disabled, and "failing since …" while its deliveries fail (`failingSince`, formatted by the caller). */
export function WebhookStatusBadge({ status, failingSince }: { status: string; failingSince: string | null }) {
  const t = useTranslations("WebhookStatus");
  return (
    <span className="inline-flex flex-wrap gap-1">
      {status === "enabled" ? <Badge tone="success">{t("enabled")}</Badge> : <Badge>{t("disabled")}</Badge>}
      {failingSince ? <Badge tone="danger">{t("failingSince", { since: failingSince })}</Badge> : null}
    </span>
  );
}

/** A delivery's status in words: pending (amber), succeeded (green), failed (red). */
export function DeliveryStatusBadge({ status }: { status: string }) {
  const t = useTranslations("WebhookStatus");
  if (status === "succeeded") return <Badge tone="success">{t("succeeded")}</Badge>;
  if (status === "failed") return <Badge tone="danger">{t("failed")}</Badge>;
  return <Badge tone="warning">{t("pending")}</Badge>;
}

/** The events an endpoint subscribes to, by their short names. */
export function EventNames({ events }: { events: readonly string[] }) {
  const words = useWebhookEventWords();
  return (
    <ul className="space-y-0.5">
      {events.map((type) => (
        <li key={type}>{type in words ? words[type as keyof typeof words].label : type}</li>
      ))}
    </ul>
  );
}
