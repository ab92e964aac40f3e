import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CopyButton } from "@/components/ui/copy-button";
import type { SetupChecklist as Checklist, SetupStep } from "@/lib/admin/get-setup-checklist";

/**
 * The overview's setup checklist: each step links to its form and is ticked from the studio's data
 * (lib/admin/get-setup-checklist.ts). Open while anything is left; once all is done it folds away
 * (a closed <details>, reopened with a click).
 */
export async function SetupChecklist({
  checklist,
  publicPath,
  publicUrl,
}: {
  checklist: Checklist;
  publicPath: string;
  publicUrl: string;
}) {
  const [t, tTerms] = await Promise.all([getTranslations("SetupChecklist"), getTranslations("TermsSettings")]);
  const doneCount = checklist.steps.filter((step) => step.done).length;
  const parts = { address: t("missingAddress"), description: t("missingDescription"), logo: t("missingLogo") };
  const missing = checklist.profileMissing.map((part) => parts[part]).join(", ");
  const steps: Record<SetupStep, { label: string; hint: string; href: string }> = {
    profile: {
      label: t("profile"),
      hint: checklist.profileMissing.length > 0 ? t("profileMissing", { missing }) : t("profileHint"),
      href: "/dashboard/settings#studio-profile",
    },
    location: { label: t("location"), hint: t("locationHint"), href: "/dashboard/locations" },
    weeklyClass: { label: t("weeklyClass"), hint: t("weeklyClassHint"), href: "/dashboard/events/new" },
    passOnSale: {
      label: t("passOnSale"),
      hint: t("passOnSaleHint"),
      href: "/dashboard/products/new?type=class_pass",
    },
    payments: { label: t("payments"), hint: t("paymentsHint"), href: "/dashboard/settings/payments" },
    vat: { label: t("vat"), hint: t("vatHint"), href: "/dashboard/settings/payments#vat-details" },
    terms: { label: tTerms("checklistStep"), hint: tTerms("checklistHint"), href: "/dashboard/settings/terms" },
    teacher: { label: t("teacher"), hint: t("teacherHint"), href: "/dashboard/users?invite=teacher#invite" },
    publicPage: { label: t("publicPage"), hint: t("publicPageHint"), href: publicPath },
  };
  return (
    <details open={!checklist.done} className="rounded-lg border border-brand-600 bg-white p-4">
      <summary className="cursor-pointer">
        <span className="text-lg font-semibold text-brand-900">{checklist.done ? t("headingDone") : t("heading")}</span>{" "}
        <span className="text-sm text-slate-600">
          {t("progress", { done: doneCount, total: checklist.steps.length })}
        </span>
      </summary>
      <p className="mt-2 max-w-prose text-sm text-slate-700">{checklist.done ? t("introDone") : t("intro")}</p>
      <ol className="mt-4 space-y-3">
        {checklist.steps.map(({ step, done }) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                done ? "bg-brand-700 text-white" : "border-2 border-slate-400 text-transparent"
              }`}
            >
              ✓
            </span>
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-slate-900">
                <Link href={steps[step].href} className="text-brand-700 underline underline-offset-2">
                  {steps[step].label}
                </Link>
                <span className="sr-only"> {done ? t("done") : t("notDone")}</span>
              </p>
              <p className="text-sm text-slate-600">{steps[step].hint}</p>
              {step === "publicPage" ? (
                <div className="flex flex-wrap items-center gap-2">
                  <code className="break-all rounded bg-slate-100 px-2 py-1 text-sm text-slate-800">{publicUrl}</code>
                  <CopyButton
                    text={publicUrl}
                    label={t("copy")}
                    copiedLabel={t("copied")}
                    failedLabel={t("copyFailed")}
                  />
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </details>
  );
}
