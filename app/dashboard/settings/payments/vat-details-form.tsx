import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import type { LegalDetailsDto } from "@/lib/schemas/account-legal";
import { updateVatDetailsAction } from "./vat-details-action";

/** The studio's legal details printed on its receipts (`legal` of PATCH /account). */
export async function VatDetailsForm({ legal }: { legal: LegalDetailsDto }) {
  const t = await getTranslations("VatDetails");
  return (
    <div className="max-w-xl space-y-4">
      <p className="max-w-prose text-sm text-slate-700">{t("intro")}</p>
      <ActionForm
        action={updateVatDetailsAction}
        fields={[
          {
            kind: "text",
            name: "legal.name",
            label: t("name"),
            defaultValue: legal.name,
            hint: t("nameHint"),
            autoComplete: "organization",
          },
          {
            kind: "textarea",
            name: "legal.address",
            label: t("address"),
            defaultValue: legal.address,
            rows: 3,
            autoComplete: "street-address",
          },
          {
            kind: "text",
            name: "legal.vatNumber",
            label: t("vatNumber"),
            defaultValue: legal.vatNumber,
            hint: t("vatNumberHint"),
            autoComplete: "off",
          },
          {
            kind: "number",
            name: "legal.vatRate",
            label: t("vatRate"),
            defaultValue: legal.vatRate,
            min: 0,
            max: 100,
            step: "0.01",
            hint: t("vatRateHint"),
          },
          {
            kind: "checkbox",
            name: "legal.vatExempt",
            label: t("vatExempt"),
            defaultChecked: legal.vatExempt,
            hint: t("vatExemptHint"),
          },
        ]}
        submitLabel={t("save")}
      />
    </div>
  );
}
