import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { Section } from "@/components/forms/page-header";
import { formatDateTime } from "@/components/dashboard/format";
import { AppError } from "@/lib/errors";
import { getWebhookOrThrow } from "@/lib/webhooks/list-webhooks";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { pageIdOrNotFound } from "@/lib/web/page-params";
import { requireAdministrator } from "@/lib/web/require-administrator";
import {
  deleteWebhookAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  setWebhookStatusAction,
  updateWebhookAction,
} from "../actions";
import { EventNames, WebhookStatusBadge } from "../webhook-badges";
import { Deliveries } from "./deliveries";
import { EditWebhookForm } from "./edit-webhook-form";
import { RotateSecretForm } from "./rotate-secret-form";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ webhookId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The administrator and the endpoint of the path; another studio's (or none): not found. */
async function webhookOrNotFound(props: Props) {
  const viewer = await requireAdministrator();
  const webhookId = pageIdOrNotFound((await props.params).webhookId);
  const webhook = await getWebhookOrThrow({ db: viewer.db, webhookId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  return { viewer, webhook };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { webhook } = await webhookOrNotFound(props);
  return { title: webhook.url };
}

export default async function WebhookPage(props: Props) {
  const { viewer, webhook } = await webhookOrNotFound(props);
  const [t, studio, query] = await Promise.all([
    getTranslations("WebhookPage"),
    getActiveStudio(viewer),
    props.searchParams,
  ]);
  const enabled = webhook.status === "enabled";
  const hidden = { webhookId: webhook.id };
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <Link
          href="/dashboard/webhooks"
          className="inline-flex min-h-11 items-center text-sm text-brand-700 underline underline-offset-2 md:min-h-0"
        >
          {t("back")}
        </Link>
        <h1 className="break-all text-xl font-semibold tracking-tight text-brand-900 sm:text-2xl">{webhook.url}</h1>
        {webhook.description ? <p className="max-w-prose text-slate-700">{webhook.description}</p> : null}
        <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{t("status")}</dt>
          <dd>
            <WebhookStatusBadge
              status={webhook.status}
              failingSince={webhook.failingSince ? formatDateTime(webhook.failingSince, studio) : null}
            />
          </dd>
          <dt className="text-slate-600">{t("events")}</dt>
          <dd className="text-slate-900">
            <EventNames events={webhook.events} />
          </dd>
          <dt className="text-slate-600">{t("created")}</dt>
          <dd className="text-slate-900">{formatDateTime(webhook.createdAt, studio)}</dd>
        </dl>
      </header>

      <Section id="webhook-actions" title={t("actionsHeading")}>
        <p className="max-w-prose text-sm text-slate-700">
          {enabled ? t("enabledExplanation") : t("disabledExplanation")}
        </p>
        <ActionForm
          action={setWebhookStatusAction}
          hidden={{ ...hidden, status: enabled ? "disabled" : "enabled" }}
          submitLabel={enabled ? t("disable") : t("enable")}
          pendingLabel={t("saving")}
          variant={enabled ? "secondary" : "primary"}
          inline
        />
      </Section>

      <Deliveries webhookId={webhook.id} studio={studio} viewer={viewer} older={query.older}>
        <ActionForm
          action={sendTestEventAction}
          hidden={hidden}
          submitLabel={t("sendTest")}
          pendingLabel={t("sendingTest")}
          variant="secondary"
          inline
        />
      </Deliveries>

      <Section id="webhook-settings" title={t("settingsHeading")}>
        <EditWebhookForm action={updateWebhookAction} webhookId={webhook.id} values={webhook} />
      </Section>

      <Section id="webhook-secret" title={t("secretHeading")}>
        <p className="max-w-prose text-sm text-slate-700">{t("secretExplanation")}</p>
        <RotateSecretForm action={rotateWebhookSecretAction} webhookId={webhook.id} />
      </Section>

      <Section id="webhook-delete" title={t("deleteHeading")}>
        <p className="max-w-prose text-sm text-slate-700">{t("deleteExplanation")}</p>
        <ActionForm
          action={deleteWebhookAction}
          hidden={hidden}
          submitLabel={t("delete")}
          pendingLabel={t("deleting")}
          confirm={t("deleteConfirm", { url: webhook.url })}
          variant="danger"
        />
      </Section>
    </div>
  );
}
