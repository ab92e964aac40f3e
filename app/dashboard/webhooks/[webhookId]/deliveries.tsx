import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { Section } from "@/components/forms/page-header";
import { formatDateTime } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { encodeCursor, readCursor } from "@/lib/schemas/page";
import { WebhookDeliveryKey } from "@/lib/schemas/webhook";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import type { Studio } from "@/lib/web/get-active-studio";
import { retryDeliveryAction } from "../actions";
import { DeliveryStatusBadge, EventNames } from "../webhook-badges";
import { buttonClass } from "@/components/ui/button";

/** Deliveries shown a page at a time, newest first. */
const PAGE_SIZE = 20;
const linkClass = buttonClass("secondary", "form");

/** An endpoint's deliveries, newest first, with "Older" through the list's cursor and a Retry button each. */
export async function Deliveries({
  webhookId,
  studio,
  viewer,
  older,
  children,
}: {
  webhookId: string;
  studio: Studio;
  viewer: PersonAuth;
  older: string | string[] | undefined;
  /** Above the list: the "Send test event" button. */
  children?: ReactNode;
}) {
  const t = await getTranslations("WebhookPage");
  const after = readCursor(WebhookDeliveryKey, typeof older === "string" ? older : undefined);
  const page = await listWebhookDeliveries({
    db: viewer.db,
    webhookId,
    limit: PAGE_SIZE,
    after: after && { createdAt: new Date(after[0]), id: after[1] },
  });
  const base = `/dashboard/webhooks/${webhookId}`;
  return (
    <Section id="webhook-deliveries" title={t("deliveriesHeading")}>
      <p className="max-w-prose text-sm text-slate-700">{t("deliveriesExplanation")}</p>
      {children}
      {page.items.length === 0 ? (
        <p className="text-sm text-slate-600">{after ? t("noOlderDeliveries") : t("noDeliveries")}</p>
      ) : (
        <StackedTable
          caption={t("deliveriesHeading")}
          columns={[
            { label: t("event") },
            { label: t("deliveryStatus") },
            { label: t("attempts") },
            { label: t("lastResponse") },
            { label: t("nextAttempt") },
            { label: t("deliveryCreated") },
            { label: t("retryColumn") },
          ]}
          rows={page.items.map((delivery) => {
            const created = formatDateTime(delivery.createdAt, studio);
            return {
              key: delivery.id,
              cells: [
                <div key="event">
                  {delivery.eventType === "webhook.test" ? (
                    t("testEvent")
                  ) : (
                    <EventNames events={[delivery.eventType]} />
                  )}
                  <span className="block font-mono text-xs font-normal text-slate-600">{delivery.eventType}</span>
                </div>,
                <DeliveryStatusBadge key="status" status={delivery.status} />,
                String(delivery.attempts),
                delivery.lastStatusCode !== null
                  ? String(delivery.lastStatusCode)
                  : delivery.attempts > 0
                    ? t("noAnswer")
                    : "—",
                delivery.status === "pending" && delivery.nextAttemptAt
                  ? formatDateTime(delivery.nextAttemptAt, studio)
                  : "—",
                created,
                <ActionForm
                  key="retry"
                  action={retryDeliveryAction}
                  hidden={{ webhookId, deliveryId: delivery.id }}
                  submitLabel={t("retry")}
                  pendingLabel={t("retrying")}
                  accessibleLabel={t("retryDelivery", { event: delivery.eventType, created })}
                  variant="secondary"
                  inline
                />,
              ],
            };
          })}
        />
      )}
      {after || page.next ? (
        <nav aria-label={t("deliveryPages")} className="flex flex-wrap justify-between gap-3">
          {after ? (
            <Link href={base} className={linkClass}>
              {t("newest")}
            </Link>
          ) : (
            <span />
          )}
          {page.next ? (
            <Link href={`${base}?older=${encodeCursor(page.next)}`} className={linkClass} rel="next">
              {t("older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Section>
  );
}
