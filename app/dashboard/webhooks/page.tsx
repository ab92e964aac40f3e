import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader, Section } from "@/components/forms/page-header";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { formatDateTime } from "@/components/dashboard/format";
import { Notice } from "@/components/ui/notice";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { createWebhookAction } from "./actions";
import { CreateWebhookForm } from "./create-webhook-form";
import { EventNames, WebhookStatusBadge } from "./webhook-badges";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("WebhooksPage");
  return { title: t("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function WebhooksPage(props: Props) {
  const [viewer, t, params] = await Promise.all([
    requireAdministrator(),
    getTranslations("WebhooksPage"),
    props.searchParams,
  ]);
  const [studio, webhooks] = await Promise.all([getActiveStudio(viewer), listWebhooks({ db: viewer.db })]);
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      {params.deleted === "1" ? <Notice tone="success">{t("deletedNotice")}</Notice> : null}
      <Section id="webhooks" title={t("webhooks", { count: webhooks.length })}>
        {webhooks.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noWebhooks")}</p>
        ) : (
          <StackedTable
            caption={t("webhooks", { count: webhooks.length })}
            columns={[
              { label: t("url") },
              { label: t("events") },
              { label: t("description") },
              { label: t("status") },
              { label: t("created"), className: "whitespace-nowrap" },
            ]}
            rows={webhooks.map((webhook) => ({
              key: webhook.id,
              cells: [
                <Link
                  key="url"
                  href={`/dashboard/webhooks/${webhook.id}`}
                  className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {webhook.url}
                </Link>,
                <EventNames key="events" events={webhook.events} />,
                webhook.description ?? "—",
                <WebhookStatusBadge
                  key="status"
                  status={webhook.status}
                  failingSince={webhook.failingSince ? formatDateTime(webhook.failingSince, studio) : null}
                />,
                formatDateTime(webhook.createdAt, studio),
              ],
            }))}
          />
        )}
      </Section>
      <Section id="new-webhook" title={t("createHeading")}>
        <CreateWebhookForm action={createWebhookAction} />
      </Section>
    </div>
  );
}
