import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { formatDate, formatMoney } from "@/components/dashboard/format";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listPromoCodes } from "@/lib/commerce/list-promo-codes";
import { listProducts } from "@/lib/commerce/list-products";
import { createPromoCodeAction, setPromoCodeStatusAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PromoCodesPage");
  return { title: t("title") };
}

export default async function PromoCodesPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("PromoCodesPage")]);
  const studio = await getActiveStudio(viewer);
  const [codes, products] = await Promise.all([listPromoCodes({ db: viewer.db }), listProducts({ db: viewer.db })]);
  const productName = new Map(products.map((product) => [product.id, product.name]));
  const statusNames: Record<string, string> = { active: t("active"), inactive: t("inactive") };

  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="new-code" title={t("addHeading")}>
        <ActionForm
          action={createPromoCodeAction}
          fields={[
            { kind: "text", name: "code", label: t("code"), required: true, hint: t("codeHint"), autoComplete: "off" },
            {
              kind: "select",
              name: "kind",
              label: t("kind"),
              options: [
                { value: "percent", label: t("percentKind") },
                { value: "amount", label: t("amountKind", { currency: studio.currency }) },
              ],
            },
            { kind: "text", name: "discount", label: t("discount"), required: true, hint: t("discountHint") },
            {
              kind: "select",
              name: "productId",
              label: t("appliesTo"),
              options: [
                { value: "", label: t("allProducts") },
                ...products
                  .filter((product) => product.status === "active")
                  .map((product) => ({ value: product.id, label: product.name })),
              ],
            },
            {
              kind: "number",
              name: "maxRedemptions",
              label: t("maxRedemptions"),
              min: 1,
              hint: t("maxRedemptionsHint"),
            },
            { kind: "date", name: "validUntil", label: t("validUntil"), hint: t("validUntilHint") },
            { kind: "checkbox", name: "firstPurchaseOnly", label: t("firstPurchaseOnly") },
          ]}
          submitLabel={t("add")}
          resetOnSuccess
        />
      </Section>
      <Section id="codes" title={t("codes", { count: codes.length })}>
        {codes.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noCodes")}</p>
        ) : (
          <StackedTable
            caption={t("codes", { count: codes.length })}
            columns={[
              { label: t("code") },
              { label: t("discount"), className: "tabular-nums" },
              { label: t("appliesTo") },
              { label: t("used"), className: "tabular-nums" },
              { label: t("validUntil") },
              { label: t("status") },
            ]}
            rows={codes.map((code) => ({
              key: code.id,
              cells: [
                <span key="code" className="font-mono">
                  {code.code}
                </span>,
                code.percentOff !== null
                  ? t("percentOff", { percent: code.percentOff })
                  : formatMoney(code.amountOff ?? 0, code.currency ?? studio.currency, studio.locale),
                [
                  code.productIds.length === 0
                    ? t("allProducts")
                    : code.productIds.map((id) => productName.get(id) ?? t("removedProduct")).join(", "),
                  code.firstPurchaseOnly ? t("firstPurchaseShort") : "",
                ]
                  .filter(Boolean)
                  .join(" · "),
                code.maxRedemptions === null
                  ? t("usedUnlimited", { used: code.redemptions })
                  : t("usedOf", { used: code.redemptions, max: code.maxRedemptions }),
                code.validUntil ? formatDate(code.validUntil, studio) : t("noEnd"),
                <span key="status" className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={code.status} label={statusNames[code.status]} />
                  <ActionForm
                    action={setPromoCodeStatusAction}
                    hidden={{ promoCodeId: code.id, status: code.status === "active" ? "inactive" : "active" }}
                    submitLabel={code.status === "active" ? t("deactivate") : t("activate")}
                    accessibleLabel={
                      code.status === "active"
                        ? t("deactivateCode", { code: code.code })
                        : t("activateCode", { code: code.code })
                    }
                    variant="secondary"
                    inline
                  />
                </span>,
              ],
            }))}
          />
        )}
      </Section>
    </div>
  );
}
