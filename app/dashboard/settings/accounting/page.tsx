import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { inputClass } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { buttonClass } from "@/components/ui/button";
import { getAccountingSettings, type AccountingField } from "@/lib/accounting/accounting-settings";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { updateAccountingAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountingSettings");
  return { title: t("title") };
}

/**
 * Settings › Accounting (decision 0041): the studio's account numbers, the journal of a period to
 * download (GET /exports/journal.csv) for any bookkeeping system, and the way to Dinero.
 */
export default async function AccountingSettingsPage() {
  const [viewer, t, books] = await Promise.all([
    requireAdministrator(),
    getTranslations("AccountingSettings"),
    getTranslations("GiftCardBooks"),
  ]);
  const { accounting } = await getAccountingSettings({ db: viewer.db, accountId: viewer.accountId });
  const fields: { name: AccountingField; label: string; hint: string }[] = [
    { name: "salesAccount", label: t("salesAccount"), hint: t("salesAccountHint") },
    { name: "exemptSalesAccount", label: t("exemptSalesAccount"), hint: t("exemptSalesAccountHint") },
    { name: "vatAccount", label: t("vatAccount"), hint: t("vatAccountHint") },
    { name: "cardClearingAccount", label: t("cardClearingAccount"), hint: t("cardClearingAccountHint") },
    { name: "mobilepayClearingAccount", label: t("mobilepayClearingAccount"), hint: t("mobilepayClearingAccountHint") },
    { name: "giftCardLiability", label: books("giftCardLiability"), hint: books("giftCardLiabilityHint") },
  ];
  return (
    <div className="space-y-10">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="accounting-journal" title={t("journalHeading")}>
        <div className="max-w-xl space-y-4">
          <p className="max-w-prose text-sm text-slate-700">{t("journalIntro")}</p>
          <form method="get" action="/api/exports/journal.csv" className="flex flex-wrap items-end gap-4">
            <div>
              <label htmlFor="journal-from" className="block text-sm font-medium text-slate-800">
                {t("from")}
              </label>
              <input id="journal-from" type="date" name="from" required className={inputClass} />
            </div>
            <div>
              <label htmlFor="journal-to" className="block text-sm font-medium text-slate-800">
                {t("to")}
              </label>
              <input id="journal-to" type="date" name="to" required className={inputClass} />
            </div>
            <div>
              <label htmlFor="journal-delimiter" className="block text-sm font-medium text-slate-800">
                {t("delimiter")}
              </label>
              <select id="journal-delimiter" name="delimiter" defaultValue="semicolon" className={inputClass}>
                <option value="semicolon">{t("delimiterSemicolon")}</option>
                <option value="comma">{t("delimiterComma")}</option>
              </select>
            </div>
            <button type="submit" className={buttonClass()}>
              {t("download")}
            </button>
          </form>
        </div>
      </Section>
      <Section id="accounting-accounts" title={t("accountsHeading")}>
        <div className="max-w-xl space-y-4">
          <p className="max-w-prose text-sm text-slate-700">{t("accountsIntro")}</p>
          <ActionForm
            action={updateAccountingAction}
            fields={fields.map(({ name, label, hint }) => ({
              kind: "number" as const,
              name: `accounting.${name}`,
              label,
              hint,
              defaultValue: accounting[name],
              min: 1,
              required: true,
            }))}
            submitLabel={t("save")}
          />
        </div>
      </Section>
      <Section id="accounting-dinero" title={t("dineroHeading")}>
        <p className="max-w-prose text-sm text-slate-700">
          {t("dineroIntro")}{" "}
          <Link href="/dashboard/settings/accounting/dinero" className="font-medium text-brand-700 underline">
            {t("dineroLink")}
          </Link>
        </p>
      </Section>
    </div>
  );
}
