import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { getDineroSettings } from "@/lib/accounting/dinero-settings";
import type { DineroStatus } from "@/lib/schemas/dinero";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { connectDineroAction, disconnectDineroAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("DineroSettings");
  return { title: t("title") };
}

/**
 * Settings › Accounting › Dinero: whether paid orders and refunds go to the studio's Dinero as
 * vouchers, the form that connects an organization (its credentials are never shown again) and
 * the button that disconnects it.
 */
export default async function DineroSettingsPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("DineroSettings")]);
  const settings = await getDineroSettings({ db: viewer.db });
  const statusWords: Record<DineroStatus, string> = {
    not_connected: t("statusNotConnected"),
    connected: t("statusConnected"),
    failing: t("statusFailing"),
  };
  return (
    <div className="space-y-10">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="dinero-status" title={t("statusHeading")}>
        <div className="max-w-prose space-y-3 text-sm text-slate-700">
          <p>
            <span className="font-medium text-slate-900">{t("status")}: </span>
            <span data-testid="dinero-status">{statusWords[settings.status]}</span>
          </p>
          {settings.organizationId ? <p>{t("organization", { id: settings.organizationId })}</p> : null}
          {settings.status === "failing" ? <p className="text-red-700">{t("explainFailing")}</p> : null}
          {settings.status === "not_connected" ? null : (
            <ActionForm action={disconnectDineroAction} submitLabel={t("disconnect")} />
          )}
        </div>
      </Section>
      <Section
        id="dinero-connect"
        title={settings.status === "not_connected" ? t("connectHeading") : t("replaceHeading")}
      >
        <div className="max-w-xl space-y-4">
          <p className="max-w-prose text-sm text-slate-700">{t("connectIntro")}</p>
          <ActionForm
            action={connectDineroAction}
            fields={[
              {
                kind: "text",
                name: "dinero.organizationId",
                label: t("organizationId"),
                defaultValue: settings.organizationId,
                hint: t("organizationIdHint"),
                autoComplete: "off",
              },
              { kind: "text", name: "dinero.clientId", label: t("clientId"), autoComplete: "off" },
              { kind: "password", name: "dinero.clientSecret", label: t("clientSecret"), autoComplete: "off" },
              {
                kind: "password",
                name: "dinero.apiKey",
                label: t("apiKey"),
                hint: t("apiKeyHint"),
                autoComplete: "off",
              },
            ]}
            submitLabel={t("connect")}
          />
        </div>
      </Section>
    </div>
  );
}
