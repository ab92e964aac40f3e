import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { formatDateTime } from "@/components/dashboard/format";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";
import { CreateApiKeyForm } from "./create-api-key-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ApiKeysPage");
  return { title: t("title") };
}

export default async function ApiKeysPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("ApiKeysPage")]);
  const [studio, keys] = await Promise.all([getActiveStudio(viewer), listApiKeys({ db: viewer.db })]);
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="new-api-key" title={t("createHeading")}>
        <CreateApiKeyForm
          action={createApiKeyAction}
          words={{
            name: t("name"),
            nameHint: t("nameHint"),
            create: t("create"),
            creating: t("creating"),
            failed: t("failed"),
            secretLabel: t("secretLabel"),
            secretWarning: t("secretWarning"),
            copy: t("copy"),
            copied: t("copied"),
            copyFailed: t("copyFailed"),
          }}
        />
      </Section>
      <Section id="api-keys" title={t("keys", { count: keys.length })}>
        {keys.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noKeys")}</p>
        ) : (
          <StackedTable
            caption={t("keys", { count: keys.length })}
            columns={[
              { label: t("name") },
              { label: t("prefix") },
              { label: t("created") },
              { label: t("lastUsed") },
              { label: t("actions") },
            ]}
            rows={keys.map((key) => ({
              key: key.id,
              cells: [
                key.name,
                <span key="prefix" className="font-mono">
                  {t("prefixShown", { prefix: key.prefix })}
                </span>,
                formatDateTime(key.createdAt, studio),
                key.lastUsedAt ? formatDateTime(key.lastUsedAt, studio) : t("neverUsed"),
                <ActionForm
                  key="revoke"
                  action={revokeApiKeyAction}
                  hidden={{ apiKeyId: key.id }}
                  submitLabel={t("revoke")}
                  pendingLabel={t("revoking")}
                  accessibleLabel={t("revokeKey", { name: key.name })}
                  confirm={t("revokeConfirm", { name: key.name })}
                  variant="danger"
                  inline
                />,
              ],
            }))}
          />
        )}
      </Section>
    </div>
  );
}
